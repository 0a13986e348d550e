import { messages, type WithdrawalItem } from '@exchange/contracts';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatAssetAmount, formatDateTime, formatUsd } from '../../../lib/format';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { chainName, useDepositNetworks } from '../../chain-deposits/api/get-deposit-networks';
import { useCancelWithdrawal, useMyWithdrawals } from '../api/withdrawals';
import { WithdrawalDestination } from './withdrawal-destination';

const TONES: Record<WithdrawalItem['status'], 'success' | 'danger' | 'warning' | 'neutral'> = {
  REQUESTED: 'warning',
  PENDING_APPROVAL: 'warning',
  APPROVED: 'warning',
  SENDING: 'warning',
  SENT: 'warning',
  COMPLETED: 'success',
  FAILED: 'danger',
  REJECTED: 'danger',
  CANCELLED: 'neutral',
};

/** A withdrawal's status in words and colour ('Pending approval', 'COMPLETED', ...). */
export function WithdrawalStatus({ status }: { readonly status: WithdrawalItem['status'] }) {
  return <StatusBadge status={status} label={messages[`withdrawalStatus${status}`]} tone={TONES[status]} />;
}

/** USD as dollars; a coin to its own decimals with its code. */
function amountText(row: WithdrawalItem, value: string): string {
  return row.method === 'paypal' ? formatUsd(value) : `${formatAssetAmount(value, row.asset)} ${row.asset}`;
}

const CANCELLABLE = new Set<WithdrawalItem['status']>(['REQUESTED', 'PENDING_APPROVAL']);

/**
 * The Withdrawals tab of /history: the customer's withdrawals, newest first, paged on the server, with
 * where each went (a coin's chain, address-book label and transaction linked to the explorer), their status, the reason of a rejection or failure, and Cancel (behind a confirmation) while one
 * waits for approval.
 */
export function WithdrawalsTab() {
  const [page, setPage] = useState(1);
  const list = useMyWithdrawals(page);
  const cancel = useCancelWithdrawal();
  const [cancelling, setCancelling] = useState<WithdrawalItem | null>(null);
  const coinChains = useDepositNetworks();

  const columns: readonly Column<WithdrawalItem>[] = [
    {
      id: 'createdAt',
      header: 'Date',
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
    },
    {
      id: 'amount',
      header: messages.withdrawAmountLabel,
      align: 'right',
      cell: (row) => <span className="whitespace-nowrap tabular-nums">{amountText(row, row.amount)}</span>,
    },
    {
      id: 'receive',
      header: messages.withdrawReceive,
      align: 'right',
      cell: (row) => <span className="whitespace-nowrap tabular-nums">{amountText(row, row.receive)}</span>,
    },
    {
      id: 'destination',
      header: 'To',
      cell: (row) => (
        <WithdrawalDestination row={row} chainName={(chain) => chainName(coinChains.data, chain)} />
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <div className="flex flex-col gap-1">
          <WithdrawalStatus status={row.status} />
          {row.reason ? <span className="text-xs text-muted">{row.reason}</span> : null}
        </div>
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (row) =>
        CANCELLABLE.has(row.status) ? (
          <Button variant="secondary" size="sm" onClick={() => setCancelling(row)}>
            {messages.withdrawCancel}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <DataTable
        label={messages.withdrawalsTab}
        toolbar={<ExportCsvButton listPath="/withdrawals" name="withdrawals" />}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(row) => row._id}
        server={{ page, total: list.data?.total ?? 0, onPageChange: setPage }}
        searchable={false}
        emptyMessage={messages.withdrawalsEmpty}
        loading={list.isFetching}
        error={list.error ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title={messages.withdrawCancel}
        description={messages.withdrawCancelConfirm}
        onConfirm={async () => {
          if (!cancelling) return;
          try {
            const response = await cancel.mutateAsync(cancelling._id);
            toast.success(response.message);
          } catch (error) {
            toast.error(errorMessage(error));
          }
        }}
      />
    </>
  );
}
