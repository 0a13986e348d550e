import { messages } from '@exchange/contracts';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { TwoFactorSection } from '../../security/components/two-factor-section';

/**
 * What an admin without two-factor sees in production in place of every back-office screen (issue
 * 46 point 6): why, and the two-factor enrolment itself (the admin's Security); the screens open as
 * soon as it is on.
 */
export function AdminTwoFactorGate() {
  return (
    <div>
      <PageHeader title={messages.twoFactorTitle} />
      <Card className="mb-6 border-warning/40">
        <p role="alert" className="text-sm text-ink">
          {messages.adminTwoFactorRequired}
        </p>
      </Card>
      <TwoFactorSection />
    </div>
  );
}
