import { COUNTRY_CODES, messages } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { useAdminUserDetails } from '../api/admin-users';
import { AccountStatusAction } from '../components/account-status-action';
import { UserProfileTabs } from '../components/user-profile-tabs';

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

/**
 * /admin-profile (spec section 2): one user's information, read-only, reached from the user list
 * with the user id in navigation state; "Delete" disables the account instead of erasing it.
 */
export function AdminProfilePage() {
  const location = useLocation();
  const userId = userIdFrom(location.state);
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
  return (
    <div>
      <PageHeader
        title={messages.adminUserInformation}
        actions={
          <>
            {back}
            <AccountStatusAction userId={user._id} name={user.name} status={user.status} />
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
              {user.is_kyc_verified ? (
                <Badge tone="success">Verified</Badge>
              ) : (
                <Badge tone="warning">INCOMPLETE</Badge>
              )}
            </Field>
            <Field label="Wallet Balance">{formatUsd(usd?.balance ?? '0', 4)}</Field>
            <Field label="Account Status">
              <StatusBadge status={user.status} tone={user.status === 'ACTIVE' ? 'success' : 'danger'} />
            </Field>
            <Field label="Total Referral Earning">{formatUsd(data.referalInfo.user_earned)}</Field>
            <Field label="Total Referral used">{data.referalInfo.total_users_used}</Field>
          </dl>
        </div>
      </Card>
      <UserProfileTabs details={data} />
    </div>
  );
}
