import {
  ACCOUNT_STATUSES,
  type AdminUserListItem,
  messages,
  type USER_LIST_SORTS,
} from '@exchange/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { adminRecordPath } from '../../../lib/paths';
import { SortSelect, sortableColumns } from '../../../shared/admin-list/sortable-header';
import { useAdminList } from '../../../shared/admin-list/use-admin-list';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { TwoFactorSection } from '../../security/components/two-factor-section';
import { useAdminUsers } from '../api/admin-users';
import { ADMIN_LIST } from '../components/admin-cells';
import { StatusFilter } from '../components/status-filter';

type UserListSort = (typeof USER_LIST_SORTS)[number];

/**
 * /admin-user (spec section 2): every user, searched by name, e-mail or phone on the server, 10 a
 * page, with KYC state, the USD balance and a View link to the user's information. The audit log has
 * a screen of its own (/admin-audit-log).
 */
export function AdminUsersPage() {
  return (
    <div>
      <PageHeader title={messages.adminUsersTitle} />
      <Tabs
        label="Users"
        items={[
          { id: 'users', label: 'Users', content: <UserList /> },
          // The signed-in admin's own sign-in security, until the back-office has an account page.
          { id: 'two-factor', label: messages.twoFactorTitle, content: <TwoFactorSection /> },
        ]}
      />
    </div>
  );
}

const userColumns: readonly Column<AdminUserListItem>[] = [
  { id: 'sr', header: 'Sr. No', cell: (_, index) => index + 1 },
  { id: 'image', header: 'Image', cell: (user) => <KycUserAvatar profilePic={user.profile_pic} /> },
  {
    id: 'name',
    header: 'Name',
    cell: (user) => (
      <>
        <span className="font-medium text-ink">{user.name}</span>
        {user.status === 'DISABLED' ? (
          <Badge tone="danger" className="ml-2">
            Disabled
          </Badge>
        ) : null}
        {user.withdrawals_frozen ? (
          <Badge tone="danger" className="ml-2">
            {messages.withdrawalsFrozenBadge}
          </Badge>
        ) : null}
      </>
    ),
  },
  {
    id: 'email',
    header: 'Email',
    // A long address ends in an ellipsis (whole in its tooltip) so the Profile column stays in view.
    cell: (user) => (
      <span className="block max-w-56 truncate" title={user.email}>
        {user.email}
      </span>
    ),
  },
  {
    id: 'phone',
    header: 'Phone Number',
    className: 'whitespace-nowrap',
    cell: (user) => `+${user.country_code} ${user.mobile_no}`,
  },
  { id: 'kyc', header: 'KYC', cell: (user) => <KycCell user={user} /> },
  {
    id: 'wallet',
    header: 'Wallet',
    className: 'whitespace-nowrap',
    cell: (user) => formatUsd(user.wallet_usd, 4),
  },
  { id: 'profile', header: 'Profile', cell: (user) => <ViewLink user={user} /> },
];

function KycCell({ user }: { readonly user: AdminUserListItem }) {
  const kyc = user.kycdata[0];
  if (user.is_kyc_verified && kyc)
    return (
      <Link to={adminRecordPath('kyc', kyc._id)} className="text-success">
        {/* The link's name is its own text (axe: the visible label is part of the name). */}
        <span aria-hidden="true">✓</span>
        <span className="sr-only">KYC details of {user.name}</span>
      </Link>
    );
  if (user.is_kyc_verified)
    return (
      <span className="text-success" role="img" aria-label="KYC verified">
        ✓
      </span>
    );
  // A customer awaiting review is PENDING, linked to the submission to review, not INCOMPLETE.
  if (kyc?.status === 'PENDING')
    return (
      <Link to={adminRecordPath('kyc', kyc._id)} aria-label={`Review the KYC of ${user.name}`}>
        <Badge tone="warning">PENDING</Badge>
      </Link>
    );
  return <Badge tone="warning">INCOMPLETE</Badge>;
}

/** A real link to the user's own URL, so it opens in a new tab with a middle click too. */
function ViewLink({ user }: { readonly user: AdminUserListItem }) {
  return (
    <Link
      to={adminRecordPath('user', user._id)}
      aria-label={`View ${user.name}`}
      className={buttonClasses('secondary', 'sm')}
    >
      View
    </Link>
  );
}

const sortable: Partial<Record<string, UserListSort>> = { name: 'name', email: 'email' };
const sortOptions = [
  { sort: 'createdAt', label: 'Joined' },
  { sort: 'name', label: 'Name' },
  { sort: 'email', label: 'Email' },
] as const;

/**
 * Spec: admin search applies only non-empty terms; an emptied box shows every user again. The
 * server sorts (Name and Email headers, newest first until one is clicked) and filters by account
 * status, and the CSV holds every user the list matches (issue 46 point 7).
 */
function UserList() {
  const list = useAdminList<UserListSort>({ sort: 'createdAt', order: 'desc' });
  const users = useAdminUsers(list.page, list.search, list.query);
  return (
    <DataTable
      label="Users"
      searchLabel="Search users"
      columns={sortableColumns(userColumns, sortable, list.sort, list.toggleSort)}
      rows={users.data?.content}
      rowKey={(user) => user._id}
      server={list.server(users.data?.total ?? 0)}
      toolbar={
        <div className="flex flex-wrap items-end gap-3">
          <StatusFilter options={ACCOUNT_STATUSES} value={list.status} onChange={list.setStatus} />
          <SortSelect options={sortOptions} state={list.sort} onChange={list.setSort} />
          <ExportCsvButton listPath="/admin/get-all-users" name="users" query={list.csvQuery} />
        </div>
      }
      {...ADMIN_LIST}
      loading={users.isFetching}
      error={users.isError ? errorMessage(users.error) : undefined}
      onRetry={() => void users.refetch()}
    />
  );
}
