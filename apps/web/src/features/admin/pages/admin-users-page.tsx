import { type AdminUserListItem, messages } from '@exchange/contracts';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { ADMIN_PAGE_SIZE, useAdminUsers } from '../api/admin-users';
import { AuditLogTable } from '../components/audit-log-table';
import { RowPagedTable } from '../components/row-paged-table';
import { TwoFactorPanel } from '../components/two-factor-panel';

const HEADERS = ['Sr. No', 'Image', 'Name', 'Email', 'Phone Number', 'KYC', 'Wallet', 'Profile'] as const;

/**
 * /admin-user (spec section 2): every user, searched by name, e-mail or phone on the server, 10 a
 * page, with KYC state, the USD balance and a View link to the user's information. A second tab lists
 * the admin audit log.
 */
export function AdminUsersPage() {
  return (
    <div>
      <PageHeader title={messages.adminUsersTitle} />
      <Tabs
        label="Users"
        items={[
          { id: 'users', label: 'Users', content: <UserList /> },
          { id: 'audit', label: messages.auditLogTitle, content: <AuditLogTable /> },
          // The signed-in admin's own sign-in security, until the back-office has an account page.
          { id: 'two-factor', label: messages.twoFactorTitle, content: <TwoFactorPanel /> },
        ]}
      />
    </div>
  );
}

function UserList() {
  const navigate = useNavigate();
  const searchId = useId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useAdminUsers(page, search);

  const row = (user: AdminUserListItem, index: number) => {
    const kyc = user.kycdata[0];
    return (
      <tr key={user._id} className="border-t border-line hover:bg-raised/60">
        <td className="px-3 py-3">{(page - 1) * ADMIN_PAGE_SIZE + index + 1}</td>
        <td className="px-3 py-3">
          <KycUserAvatar profilePic={user.profile_pic} />
        </td>
        <td className="px-3 py-3">
          <span className="font-medium text-ink">{user.name}</span>
          {user.status === 'DISABLED' ? (
            <Badge tone="danger" className="ml-2">
              Disabled
            </Badge>
          ) : null}
        </td>
        <td className="px-3 py-3 whitespace-nowrap">{user.email}</td>
        <td className="px-3 py-3 whitespace-nowrap">
          +{user.country_code} {user.mobile_no}
        </td>
        <td className="px-3 py-3">
          {user.is_kyc_verified && kyc ? (
            <Link
              to={paths.adminKycDetails}
              state={{ kycId: kyc._id }}
              className="text-success"
              aria-label={`KYC details of ${user.name}`}
            >
              ✓
            </Link>
          ) : user.is_kyc_verified ? (
            <span className="text-success" role="img" aria-label="KYC verified">
              ✓
            </span>
          ) : (
            <Badge tone="warning">INCOMPLETE</Badge>
          )}
        </td>
        <td className="px-3 py-3 whitespace-nowrap">{formatUsd(user.wallet_usd, 4)}</td>
        <td className="px-3 py-3">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`View ${user.name}`}
            onClick={() => navigate(paths.adminProfile, { state: { userId: user._id } })}
          >
            View
          </Button>
        </td>
      </tr>
    );
  };

  return (
    <div>
      <div className="mb-3">
        <label htmlFor={searchId} className="sr-only">
          Search users
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={messages.adminSearchPlaceholder}
          // Spec: admin search applies only non-empty terms; an emptied box shows every user again.
          // On change, not key-up: pasting with the mouse or the box's clear button type no key.
          onChange={(event) => {
            const term = event.currentTarget.value.trim();
            if (term !== search) {
              setSearch(term);
              setPage(1);
            }
          }}
          className="h-10 w-full rounded-md border border-line bg-raised px-3 text-sm text-ink placeholder:text-muted/80 focus-visible:border-accent sm:max-w-sm"
        />
      </div>
      <RowPagedTable
        label="Users"
        headers={HEADERS}
        rows={list.data?.content.map(row)}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        onPage={setPage}
        busy={list.isFetching}
        error={list.isError ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
    </div>
  );
}
