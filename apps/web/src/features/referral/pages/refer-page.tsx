import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSession } from '../../session/session-context';
import { useReferralSummary } from '../api/get-referral-summary';
import { CopyField } from '../components/copy-field';

/** The register route with the user's code, so a friend's form comes pre-filled and ticked. */
export function referralLink(origin: string, refCode: string): string {
  return `${origin}${paths.register}?code=${encodeURIComponent(refCode)}`;
}

function Figure({
  label,
  value,
  loading,
  testId,
}: {
  label: string;
  value: string;
  loading: boolean;
  testId: string;
}) {
  return (
    <Card>
      <p className="text-sm text-muted">{label}</p>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-24" />
      ) : (
        <p className="mt-1 text-3xl font-semibold tabular-nums text-ink" data-testid={testId}>
          {value}
        </p>
      )}
    </Card>
  );
}

/** /refer, 'Add Referral': earnings, referred users, the link and code to share, and the list. */
export function ReferPage() {
  const session = useSession();
  const navigate = useNavigate();
  const summary = useReferralSummary();
  const refCode = session.user?.ref_code ?? '';

  return (
    <div>
      <PageHeader
        title="Add Referral"
        description="Share your link: when a friend signs up with it and passes KYC, you earn a reward."
        actions={
          <Button variant="secondary" onClick={() => navigate(paths.history, { state: { type: 'refer' } })}>
            Refferal List
          </Button>
        }
      />
      {summary.error ? (
        <ErrorState message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Figure
            label="Total earnings"
            testId="total-earnings"
            value={formatUsd(summary.data?.user_earned)}
            loading={summary.isPending}
          />
          <Figure
            label="Referred users"
            testId="referred-users"
            value={String(summary.data?.total_users_used ?? 0)}
            loading={summary.isPending}
          />
        </div>
      )}
      <Card title="Invite friends" className="mt-6">
        <div className="grid gap-4 lg:grid-cols-2">
          <CopyField label="Referral link" value={referralLink(window.location.origin, refCode)} />
          <CopyField label="Referral code" value={refCode} />
        </div>
      </Card>
    </div>
  );
}
