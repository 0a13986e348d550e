import { type ADMIN_DEBT_SORTS, type DebtItem, type DebtStatus, messages } from '@exchange/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { SortSelect, sortableColumns } from '../../../shared/admin-list/sortable-header';
import { useAdminList } from '../../../shared/admin-list/use-admin-list';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { useAdminDebts } from '../api/admin-debts';
import { ADMIN_LIST } from './admin-cells';
import { SettleDebtDialog } from './settle-debt-dialog';

type DebtListSort = (typeof ADMIN_DEBT_SORTS)[number];

const sortable: Partial<Record<string, DebtListSort>> = {
  date: 'createdAt',
  amount: 'amount',
  status: 'status',
};
const sortOptions = [
  { sort: 'createdAt', label: 'Date' },
  { sort: 'amount', label: 'Amount' },
  { sort: 'status', label: 'Status' },
] as const;

const statusOptions = [
  { value: 'OPEN', label: 'Open' },
  { value: 'SETTLED', label: 'Settled' },
  { value: '', label: 'All' },
] as const;

function settlementText(debt: DebtItem): string {
  if (debt.status === 'OPEN') return '-';
  const how = debt.settlement === 'COLLECTED' ? 'Collected' : 'Written off';
  const when = debt.settled_at ? formatDateTime(debt.settled_at) : '';
  return `${how} by ${debt.settled_by?.email ?? '?'} ${when}${debt.note ? ` — ${debt.note}` : ''}`;
}

function columnsFor(onSettle: (debt: DebtItem) => void): readonly Column<DebtItem>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (debt) => formatDateTime(debt.createdAt),
    },
    {
      id: 'user',
      header: 'User',
      cell: (debt) => (
        <div className="min-w-0">
          <div className="font-medium text-ink">{debt.user.name}</div>
          <div className="wrap-anywhere text-xs text-muted">{debt.user.email}</div>
        </div>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (debt) => formatUsd(debt.amount),
    },
    {
      id: 'reason',
      header: 'Reason',
      cell: (debt) => (debt.reason === 'REVERSED' ? 'Chargeback' : 'Refund'),
    },
    { id: 'order', header: 'Deposit', className: 'text-xs wrap-anywhere', cell: (debt) => debt.order_id },
    {
      id: 'status',
      header: 'Status',
      cell: (debt) => (
        <Badge tone={debt.status === 'OPEN' ? 'danger' : 'success'}>
          {debt.status === 'OPEN' ? 'Open' : 'Settled'}
        </Badge>
      ),
    },
    { id: 'settlement', header: 'Settlement', className: 'text-xs text-muted', cell: settlementText },
    {
      id: 'action',
      header: 'Action',
      cell: (debt) =>
        debt.status === 'OPEN' ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Settle debt of ${debt.user.email}`}
            onClick={() => onSettle(debt)}
          >
            Settle
          </Button>
        ) : null,
    },
  ];
}

/**
 * Debts left by reversed deposits, newest first, 10 a page from the server: open ones by default,
 * searched by the user's name or e-mail, sorted by the Date, Amount and Status headers (issue 46
 * point 7); or only one user's (`userId`, the user information page).
 * An open debt's Settle opens the settlement dialog.
 */
export function DebtsTable({ userId }: { readonly userId?: string }) {
  const list = useAdminList<DebtListSort>({ sort: 'createdAt', order: 'desc' }, userId ? '' : 'OPEN');
  const [settling, setSettling] = useState<DebtItem | null>(null);
  const { search, status } = list;
  const debts = useAdminDebts({
    page: list.page,
    search,
    status: status as DebtStatus | '',
    ...(userId ? { userId } : {}),
    sort: { sort: list.sort.sort, order: list.sort.order },
  });
  const columns = columnsFor(setSettling).filter((column) => !userId || column.id !== 'user');
  return (
    <>
      <DataTable
        label={messages.adminDebtsTitle}
        searchLabel="Search debts"
        searchable={!userId}
        columns={sortableColumns(columns, sortable, list.sort, list.toggleSort)}
        rows={debts.data?.content}
        rowKey={(debt) => debt._id}
        server={{
          ...list.server(debts.data?.total ?? 0),
          ...(userId ? { onSearch: undefined } : {}),
        }}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <Select
              aria-label="Debt status"
              options={statusOptions}
              value={status}
              onChange={(event) => list.setStatus(event.target.value)}
            />
            <SortSelect options={sortOptions} state={list.sort} onChange={list.setSort} />
            {/* Every debt the list matches, as a file (issue 46 point 7). */}
            <ExportCsvButton
              listPath="/admin/debts"
              name="debts"
              query={{ ...list.csvQuery, ...(userId ? { userId } : {}) }}
            />
          </div>
        }
        {...ADMIN_LIST}
        loading={debts.isFetching}
        error={debts.isError ? errorMessage(debts.error) : undefined}
        onRetry={() => void debts.refetch()}
      />
      <SettleDebtDialog debt={settling} onClose={() => setSettling(null)} />
    </>
  );
}
