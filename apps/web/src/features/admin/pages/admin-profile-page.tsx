import { type AdminUserDetails, COUNTRY_CODES, messages } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { adminRecordPath, paths } from '../../../lib/paths';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { useSession } from '../../session/session-context';
import { useAdminUserDetails } from '../api/admin-users';
import { AccountStatusAction, WithdrawalFreezeAction } from '../components/account-status-action';
import { UserProfileTabs } from '../components/user-profile-tabs';
import { UserRoleAction } from '../components/user-role-action';

type Kyc = AdminUserDetails['kycData'][number];

function userIdFrom(state: unknown): string | undefined {
  const id = (state as { userId?: unknown } | null)?.userId;
  return typeof id === 'string' ? id : undefined;
}

function Field({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 wrap-anywhere text-ink tabular-nums">{children}</dd>
    </div>
  );
}

/** The KYC state the back office shows: verified, awaiting review (PENDING), or INCOMPLETE. */
function KycState({ verified, latest }: { readonly verified: boolean; readonly latest?: Kyc | undefined }) {
  if (verified) return <Badge tone="success">Verified</Badge>;
  if (latest?.status === 'PENDING')
    return (
      <Link to={adminRecordPath('kyc', latest._id)} className="underline">
        <Badge tone="warning">PENDING</Badge>
      </Link>
    );
  return <Badge tone="warning">INCOMPLETE</Badge>;
}

/**
 * /admin-profile/<user id> (spec section 2, with the id in the URL so the page survives a reload and
 * opens in a new tab; the bare path still reads it from navigation state): one customer on one page.
 * 'Disable' (the spec's "Delete") and 'Freeze withdrawals' each ask a reason; neither is offered on
 * the admin's own account.
 */
export function AdminProfilePage() {
  const location = useLocation();
  const params = useParams();
  const userId = params.id ?? userIdFrom(location.state);
  const session = useSession();
  const details = useAdminUserDetails(userId);
  const back = (
    <Link to={paths.adminUsers} className="text-sm text-accent underline">
      Back to users
    </Link>
  );

  if (!userId)
    return (
      <div>
        <PageHeader title={messages.adminUserInformation} actions={back} />
        <EmptyState message="Open a user from the Users list." />
      </div>
    );
  if (details.isError)
    return (
      <div>
        <PageHeader title={messages.adminUserInformation} actions={back} />
        <ErrorState message={errorMessage(details.error)} onRetry={() => void details.refetch()} />
      </div>
    );
  const data = details.data;
  if (!data)
    return (
      <div aria-busy="true">
        <PageHeader title={messages.adminUserInformation} actions={back} />
        <Skeleton className="h-48 w-full" />
      </div>
    );

  const user = data.userData;
  const country = COUNTRY_CODES.find((c) => c.code === user.country_code)?.name ?? `+${user.country_code}`;
  const usd = data.walletData.wallet.currencies[0];
  const own = session.user?._id === user._id;
  return (
    <div>
      <PageHeader
        title={messages.adminUserInformation}
        actions={
          <>
            {back}
            {own ? null : (
              <>
                <UserRoleAction userId={user._id} name={user.name} role={user.role} />
                <WithdrawalFreezeAction userId={user._id} name={user.name} frozen={user.withdrawals_frozen} />
                <AccountStatusAction userId={user._id} name={user.name} status={user.status} />
              </>
            )}
          </>
        }
      />
      <Card className="mb-6">
        <div className="flex flex-col gap-6 sm:flex-row">
          <KycUserAvatar profilePic={user.profile_pic} size={72} />
          <dl className="grid flex-1 grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Field label="Full Name">{user.name}</Field>
            <Field label="Email id">{user.email}</Field>
            <Field label="Country">{country}</Field>
            <Field label="Phone Number">
              +{user.country_code} {user.mobile_no}
            </Field>
            <Field label="KYC status">
              <KycState verified={user.is_kyc_verified} latest={data.kycData[0]} />
            </Field>
            <Field label="Wallet Balance">{formatUsd(usd?.balance ?? '0', 4)}</Field>
            <Field label="Account Status">
              <StatusBadge status={user.status} tone={user.status === 'ACTIVE' ? 'success' : 'danger'} />
              {user.withdrawals_frozen ? (
                <Badge tone="danger" className="ml-2">
                  {messages.withdrawalsFrozenBadge}
                </Badge>
              ) : null}
            </Field>
            {user.withdrawals_frozen_reason ? (
              <Field label="Freeze reason">{user.withdrawals_frozen_reason}</Field>
            ) : null}
            <Field label="Total Referral Earning">{formatUsd(data.referalInfo.user_earned)}</Field>
            <Field label="Total Referral used">{data.referalInfo.total_users_used}</Field>
          </dl>
        </div>
      </Card>
      <UserProfileTabs details={data} />
    </div>
  );
}
