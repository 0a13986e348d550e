import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSession } from '../../session/session-context';
import { useKycStatus, useMyKyc } from '../api/get-my-kyc';
import { KycForm } from '../components/kyc-form';
import { KycStatusPanel } from '../components/kyc-status-panel';

/**
 * /kyc (not guarded, spec section 2): a visitor is asked to log in; a customer sees where their
 * submission stands and the form, read-only while it is under review or once approved.
 */
export function KycPage() {
  const session = useSession();
  const location = useLocation();
  const kyc = useMyKyc({ enabled: session.isAuthenticated });
  // Keeps the session's KYC flag in step with an approval made since it was read.
  useKycStatus();

  if (session.status === 'loading') return <PageSpinner />;
  if (!session.user) {
    return (
      <div>
        <PageHeader title="KYC" />
        <Card>
          <p className="text-sm text-muted">Log in to complete your KYC.</p>
          <Link
            to={paths.login}
            state={{ from: { pathname: location.pathname } }}
            className={buttonClasses('primary', 'md', 'mt-4')}
          >
            Login
          </Link>
        </Card>
      </div>
    );
  }
  if (kyc.isPending) return <PageSpinner />;
  if (kyc.isError)
    return (
      <div>
        <PageHeader title="KYC" />
        <ErrorState message={errorMessage(kyc.error)} onRetry={() => void kyc.refetch()} />
      </div>
    );

  const record = kyc.data;
  // Verified without a submission of their own (verified by an operator, or a demo account): there is
  // nothing to fill in, and a blank form would ask them to prove again what is already settled.
  if (!record && session.user.is_kyc_verified)
    return (
      <div>
        <PageHeader title="KYC" description="Verify your identity to deposit and trade." />
        <KycStatusPanel record={{ status: 'APPROVED', reason: null }} />
      </div>
    );
  return (
    <div>
      <PageHeader title="KYC" description="Verify your identity to deposit and trade." />
      {record ? <KycStatusPanel record={record} /> : null}
      <Card>
        <KycForm
          // A new record (submitted, or decided by an admin) gets a fresh form with its values.
          key={record ? `${record._id}-${record.status}` : 'new'}
          record={record}
          known={{ mobile_no: session.user.mobile_no, country_code: session.user.country_code }}
        />
      </Card>
    </div>
  );
}
