import { messages } from '@exchange/contracts';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/**
 * What an admin without two-factor sees in production in place of every back-office screen (issue
 * 46 point 6): why, and who enrols them. In production an admin's factor is set up by an operator's
 * command, not from this session (a stolen password alone must not enrol a thief's authenticator),
 * so the page offers no enrolment; the screens open once the operator has turned it on and the admin
 * has signed in with a code.
 */
export function AdminTwoFactorGate() {
  return (
    <div>
      <PageHeader title={messages.twoFactorTitle} />
      <Card className="mb-6 border-warning/40">
        <p role="alert" className="text-sm text-ink">
          {messages.adminTwoFactorRequired}
        </p>
        <p className="mt-2 text-sm text-muted">{messages.adminTotpByOperator}</p>
      </Card>
    </div>
  );
}
