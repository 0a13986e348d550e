import { type DebtItem, type DebtStatus, messages } from '@exchange/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { useAdminDebts } from '../api/admin-debts';
import { ADMIN_LIST } from './admin-cells';
import { SettleDebtDialog } from './settle-debt-dialog';

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
 * searched by the user's name or e-mail; or only one user's (`userId`, the user information page).
 * An open debt's Settle opens the settlement dialog.
 */
export function DebtsTable({ userId }: { readonly userId?: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DebtStatus | ''>(userId ? '' : 'OPEN');
  const [settling, setSettling] = useState<DebtItem | null>(null);
  const list = useAdminDebts({ page, search, status, ...(userId ? { userId } : {}) });
  const columns = columnsFor(setSettling).filter((column) => !userId || column.id !== 'user');
  return (
    <>
      <DataTable
        label={messages.adminDebtsTitle}
        searchLabel="Search debts"
        searchable={!userId}
        columns={columns}
        rows={list.data?.content}
        rowKey={(debt) => debt._id}
        server={{
          page,
          total: list.data?.total ?? 0,
          onPageChange: setPage,
          ...(userId ? {} : { search, onSearch: setSearch }),
          filter: status,
        }}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <Select
              aria-label="Debt status"
              options={statusOptions}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as DebtStatus | '');
                setPage(1);
              }}
            />
            {/* Every debt the list matches, as a file (issue 46 point 7). */}
            <ExportCsvButton
              listPath="/admin/debts"
              name="debts"
              query={{ search, ...(status ? { status } : {}), ...(userId ? { userId } : {}) }}
            />
          </div>
        }
        {...ADMIN_LIST}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
      <SettleDebtDialog debt={settling} onClose={() => setSettling(null)} />
    </>
  );
}
