import {
  type AdminWithdrawalItem,
  formatMessage,
  messages,
  WITHDRAWAL_STATUSES,
  type WithdrawalItem,
} from '@exchange/contracts';
import { useState } from 'react';
import { Badge, StatusBadge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { toast } from '../../../../components/ui/toaster';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime, formatUsd } from '../../../../lib/format';
import { chainName, useDepositNetworks } from '../../../chain-deposits/api/get-deposit-networks';
import { useAdminWithdrawals, useDecideWithdrawal } from '../../api/admin-withdrawals';
import { WithdrawalDestination } from '../withdrawal-destination';

type Status = WithdrawalItem['status'];
const statusOptions = [
  ...WITHDRAWAL_STATUSES.map((status) => ({ value: status, label: messages[`withdrawalStatus${status}`] })),
  { value: '', label: 'All' },
];
// Not SENDING: the payout job has claimed it and PayPal may already have paid it; the server refuses.
const DECIDABLE = new Set<Status>(['PENDING_APPROVAL', 'APPROVED']);

function activityText(row: AdminWithdrawalItem): string {
  const a = row.activity;
  const deposit = a.last_deposit_at ? formatDateTime(a.last_deposit_at) : 'none';
  const security = a.last_security_change_at ? formatDateTime(a.last_security_change_at) : 'none';
  return `Last deposit ${deposit} · security change ${security} · ${a.completed_withdrawals} completed · ${formatUsd(a.withdrawn_24h_usd)} in 24 h`;
}

function columnsFor(
  decide: (row: AdminWithdrawalItem, approve: boolean) => void,
  chainName: (chain: string) => string,
): readonly Column<AdminWithdrawalItem>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (row) => formatDateTime(row.createdAt),
    },
    {
      id: 'user',
      header: 'User',
      cell: (row) => (
        <div className="min-w-0">
          <div className="font-medium text-ink">{row.user.name}</div>
          <div className="wrap-anywhere text-xs text-muted">{row.user.email}</div>
        </div>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) => `${row.amount} ${row.asset}`,
    },
    {
      id: 'to',
      header: 'To',
      // Wide enough for a coin's address in two lines and its chain on one.
      className: 'text-xs wrap-anywhere sm:min-w-40',
      cell: (row) => <WithdrawalDestination row={row} chainName={chainName} />,
    },
    {
      id: 'flags',
      header: 'Flags',
      cell: (row) => (
        <div className="flex flex-wrap gap-1">
          {row.flags.map((flag) => (
            <Badge key={flag} tone="warning">
              {messages[`withdrawalFlag_${flag}`]}
            </Badge>
          ))}
        </div>
      ),
    },
    { id: 'activity', header: 'Recent activity', className: 'text-xs text-muted', cell: activityText },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <div className="flex flex-col gap-1">
          <StatusBadge status={row.status} label={messages[`withdrawalStatus${row.status}`]} />
          {row.reason ? <span className="text-xs text-muted">{row.reason}</span> : null}
          {row.status === 'PENDING_APPROVAL' && row.held_reason ? (
            <Badge tone="warning">{row.held_reason}</Badge>
          ) : null}
        </div>
      ),
    },
    {
      id: 'action',
      header: 'Action',
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          {row.status === 'PENDING_APPROVAL' ? (
            <Button
              size="sm"
              onClick={() => decide(row, true)}
              aria-label={`Approve withdrawal of ${row.user.email}`}
            >
              {messages.adminWithdrawalApprove}
            </Button>
          ) : null}
          {DECIDABLE.has(row.status) ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => decide(row, false)}
              aria-label={`Reject withdrawal of ${row.user.email}`}
            >
              {messages.adminWithdrawalReject}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
}

/**
 * Every customer's withdrawals, 10 a page from the server: the approval queue (PENDING_APPROVAL) by
 * default, searched by the customer's name or e-mail, where each goes (a coin's address, chain and
 * label), with the flags each raised and the customer's
 * recent activity. Approve and Reject (with a reason) each ask for a confirmation first.
 */
export function WithdrawalsTable() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status | ''>('PENDING_APPROVAL');
  const [deciding, setDeciding] = useState<{ row: AdminWithdrawalItem; approve: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const list = useAdminWithdrawals({ page, search: search || undefined, status: status || undefined });
  const decide = useDecideWithdrawal();
  const coinChains = useDepositNetworks();
  const row = deciding?.row;
  const figures: Record<string, string> = row
    ? { amount: row.amount, asset: row.asset, destination: row.destination }
    : {};
  return (
    <>
      <DataTable
        label={messages.adminWithdrawalsTitle}
        searchLabel="Search withdrawals"
        compact
        columns={columnsFor(
          (r, approve) => {
            setReason('');
            setDeciding({ row: r, approve });
          },
          (chain) => chainName(coinChains.data, chain),
        )}
        rows={list.data?.content}
        rowKey={(r) => r._id}
        server={{
          page,
          total: list.data?.total ?? 0,
          onPageChange: setPage,
          search,
          onSearch: setSearch,
          filter: status,
        }}
        toolbar={
          <Select
            aria-label="Withdrawal status"
            options={statusOptions}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status | '');
              setPage(1);
            }}
          />
        }
        loading={list.isFetching}
        error={list.error ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => (open ? undefined : setDeciding(null))}
        title={deciding?.approve ? messages.adminWithdrawalApprove : messages.adminWithdrawalReject}
        description={formatMessage(
          deciding?.approve ? messages.adminWithdrawalApproveConfirm : messages.adminWithdrawalRejectConfirm,
          figures,
        )}
        onConfirm={async () => {
          if (!deciding) return;
          try {
            const response = await decide.mutateAsync({
              id: deciding.row._id,
              approve: deciding.approve,
              reason,
            });
            toast.success(response.message);
          } catch (error) {
            toast.error(errorMessage(error));
          }
        }}
      >
        {deciding && !deciding.approve ? (
          <Input
            label={messages.adminWithdrawalReasonLabel}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
