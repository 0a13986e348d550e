import { type ADMIN_KYC_SORTS, type AdminKycListItem, type KycStatus, messages } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, statusTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { adminRecordPath } from '../../../lib/paths';
import { SortSelect, sortableColumns } from '../../../shared/admin-list/sortable-header';
import { useAdminList } from '../../../shared/admin-list/use-admin-list';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { ADMIN_KYC_PAGE_SIZE, useAdminKycList } from '../../kyc/api/admin-kyc';
import { KycDecisionDialog, type KycDecisionTarget } from '../../kyc/components/kyc-decision-dialogs';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { adminOpsKeys } from '../api/admin-ops';
import { adminUserKeys } from '../api/admin-users';
import { ADMIN_LIST, UserCell } from '../components/admin-cells';

type KycListSort = (typeof ADMIN_KYC_SORTS)[number];

const sortable: Partial<Record<string, KycListSort>> = { user: 'name', date: 'createdAt', status: 'status' };
const sortOptions = [
  { sort: 'createdAt', label: 'Date' },
  { sort: 'name', label: 'User' },
  { sort: 'status', label: 'Status' },
] as const;

const STATUS_FILTERS: readonly { value: KycStatus | ''; label: string }[] = [
  { value: 'PENDING', label: 'Pending (oldest first)' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: '', label: 'All' },
];

/**
 * /admin-kyc (spec section 2): 'KYC Requests' with the pending count, a status filter on the server
 * (the pending queue first, oldest on top), a server-side search applied as it is typed, 10 rows a
 * page from the server sorted by the User, Date and Status headers (issue 46 point 7), Approve and
 * Reject only for PENDING rows, View linking to the submission's own URL.
 */
export function AdminKycPage() {
  const queryClient = useQueryClient();
  const list = useAdminList<KycListSort>({ sort: 'createdAt', order: 'asc' }, 'PENDING');
  const [target, setTarget] = useState<KycDecisionTarget | null>(null);

  // A decision also changes the dashboard's KYC figures and the user's KYC state in the user list and
  // information page, which are not on screen now: marking them stale makes the next visit read them
  // again instead of showing the cached ones. After NO nothing changed, and this costs no request.
  const closeDecision = () => {
    setTarget(null);
    void queryClient.invalidateQueries({ queryKey: adminOpsKeys.dashboard });
    void queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
  };
  const kyc = useAdminKycList(list.page, list.search, list.query);
  const data = kyc.data;
  // The pending queue reads oldest first (the longest waiting on top), the others newest first.
  const pickStatus = (next: KycStatus | '') => {
    list.setStatus(next);
    list.setSort({ sort: 'createdAt', order: next === 'PENDING' ? 'asc' : 'desc' });
  };

  const nameOf = (item: AdminKycListItem) => `${item.first_name} ${item.last_name}`;
  const decide = (item: AdminKycListItem, decision: KycDecisionTarget['decision']) =>
    setTarget({ kycId: item._id, userId: item.user_id, decision, identityFlagged: item.identity_flagged });
  const columns: readonly Column<AdminKycListItem>[] = [
    { id: 'sr', header: 'Sr. No', cell: (_, index) => index + 1 },
    {
      id: 'user',
      header: 'User',
      cell: (item) => (
        <UserCell
          picture={<KycUserAvatar profilePic={item.profile_pic} />}
          name={nameOf(item)}
          email={item.userdata.email}
          phone={`+${item.country_code} ${item.mobile_no}`}
        />
      ),
    },
    {
      id: 'date',
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (item) => formatDateTime(item.createdAt),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (item) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={statusTone(item.status)}>{item.status}</Badge>
          {item.identity_flagged ? <Badge tone="danger">{messages.kycDuplicateIdentityBadge}</Badge> : null}
        </div>
      ),
    },
    {
      id: 'approve',
      header: 'Approve',
      cell: (item) => (
        <Button
          size="sm"
          variant="success"
          disabled={item.status !== 'PENDING'}
          aria-label={`Approve ${nameOf(item)}`}
          onClick={() => decide(item, 'APPROVED')}
        >
          Approve
        </Button>
      ),
    },
    {
      id: 'reject',
      header: 'Reject',
      cell: (item) => (
        <Button
          size="sm"
          variant="danger"
          disabled={item.status !== 'PENDING'}
          aria-label={`Reject ${nameOf(item)}`}
          onClick={() => decide(item, 'REJECTED')}
        >
          Reject
        </Button>
      ),
    },
    {
      id: 'view',
      header: 'View',
      cell: (item) => (
        <Link
          to={adminRecordPath('kyc', item._id)}
          aria-label={`View ${nameOf(item)}`}
          className={buttonClasses('secondary', 'sm')}
        >
          View
        </Link>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title={messages.adminKycTitle}
        description={
          <span data-testid="kyc-pending-count">{data ? `${data.pending_count} pending` : 'Loading…'}</span>
        }
      />
      <DataTable
        label="KYC requests"
        columns={sortableColumns(columns, sortable, list.sort, list.toggleSort)}
        rows={data?.content}
        rowKey={(item) => item._id}
        // Spec: the term is applied as it is typed; an emptied box shows every request again.
        server={list.server(data?.total ?? 0)}
        {...ADMIN_LIST}
        pageSize={ADMIN_KYC_PAGE_SIZE}
        pager={{ noun: 'requests' }}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <Select
              label="Status"
              value={list.status}
              options={STATUS_FILTERS}
              onChange={(event) => pickStatus(event.target.value as KycStatus | '')}
            />
            <SortSelect options={sortOptions} state={list.sort} onChange={list.setSort} />
            {/* The file holds every submission the list matches, in its order (issue 46 point 7). */}
            <ExportCsvButton listPath="/admin/get-all-kyc" name="kyc" query={list.csvQuery} />
          </div>
        }
        loading={kyc.isFetching}
        error={kyc.isError ? errorMessage(kyc.error) : undefined}
        onRetry={() => void kyc.refetch()}
      />
      <KycDecisionDialog target={target} onClose={closeDecision} />
    </div>
  );
}
