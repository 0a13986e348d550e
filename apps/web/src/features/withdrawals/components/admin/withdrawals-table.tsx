import {
  type ADMIN_WITHDRAWAL_SORTS,
  type AdminWithdrawalItem,
  formatMessage,
  messages,
  WITHDRAWAL_STATUSES,
  type WithdrawalItem,
} from '@exchange/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DataTable } from '../../../../components/ui/data-table';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { toast } from '../../../../components/ui/toaster';
import { errorMessage } from '../../../../lib/api-client';
import { SortSelect, sortableColumns } from '../../../../shared/admin-list/sortable-header';
import { useAdminList } from '../../../../shared/admin-list/use-admin-list';
import { ExportCsvButton } from '../../../../shared/history-export/export-csv-button';
import { chainName, useDepositNetworks } from '../../../chain-deposits/api/get-deposit-networks';
import { useAdminWithdrawals, useDecideWithdrawal } from '../../api/admin-withdrawals';
import { withdrawalQueueColumns } from './withdrawal-queue-columns';

type Status = WithdrawalItem['status'];
type WithdrawalListSort = (typeof ADMIN_WITHDRAWAL_SORTS)[number];

const sortable: Partial<Record<string, WithdrawalListSort>> = {
  date: 'createdAt',
  amount: 'value',
  status: 'status',
};
const sortOptions = [
  { sort: 'createdAt', label: 'Date' },
  { sort: 'value', label: 'USD value' },
  { sort: 'asset', label: 'Coin' },
  { sort: 'status', label: 'Status' },
] as const;
const statusOptions = [
  ...WITHDRAWAL_STATUSES.map((status) => ({ value: status, label: messages[`withdrawalStatus${status}`] })),
  { value: '', label: 'All' },
];

/**
 * Every customer's withdrawals, 10 a page from the server: the approval queue (PENDING_APPROVAL) by
 * default, searched by the customer's name or e-mail, where each goes (a coin's address, chain and
 * label), with the flags each raised and the customer's recent activity. The queue lists the oldest
 * first (it is worked in order); other statuses newest first; the Date, Amount (by USD value) and
 * Status headers sort on the server, and the CSV holds every row the list matches in its order
 * (issue 46 points 5 and 7). Approve and Reject each ask for a
 * confirmation first; a rejection without a reason, or a refusal from the server (a second approval
 * by the first approver), is told inside the dialog, which stays open.
 */
export function WithdrawalsTable({ withdrawalId }: { readonly withdrawalId?: string | undefined } = {}) {
  const list = useAdminList<WithdrawalListSort>({ sort: 'createdAt', order: 'asc' }, 'PENDING_APPROVAL');
  const [deciding, setDeciding] = useState<{ row: AdminWithdrawalItem; approve: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // On a withdrawal's own URL the list is that one withdrawal, whatever its status.
  const rows = useAdminWithdrawals(
    withdrawalId ? { id: withdrawalId } : { page: list.page, search: list.search, ...list.query },
  );
  // The approval queue is worked oldest first; every other status reads newest first.
  const pickStatus = (next: Status | '') => {
    list.setStatus(next);
    list.setSort({ sort: 'createdAt', order: next === 'PENDING_APPROVAL' ? 'asc' : 'desc' });
  };
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
        columns={sortableColumns(
          withdrawalQueueColumns(
            (r, approve) => {
              setReason('');
              setProblem(null);
              setDeciding({ row: r, approve });
            },
            (chain) => chainName(coinChains.data, chain),
          ),
          withdrawalId ? {} : sortable,
          list.sort,
          list.toggleSort,
        )}
        rows={rows.data?.content}
        rowKey={(r) => r._id}
        server={list.server(rows.data?.total ?? 0)}
        toolbar={
          withdrawalId ? undefined : (
            <div className="flex flex-wrap items-end gap-3">
              <Select
                aria-label="Withdrawal status"
                options={statusOptions}
                value={list.status}
                onChange={(event) => pickStatus(event.target.value as Status | '')}
              />
              <SortSelect options={sortOptions} state={list.sort} onChange={list.setSort} />
              <ExportCsvButton listPath="/admin/withdrawals" name="withdrawals" query={list.csvQuery} />
            </div>
          )
        }
        loading={rows.isFetching}
        error={rows.error ? errorMessage(rows.error) : undefined}
        onRetry={() => void rows.refetch()}
      />
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => (open ? undefined : setDeciding(null))}
        title={deciding?.approve ? messages.adminWithdrawalApprove : messages.adminWithdrawalReject}
        description={formatMessage(confirmText(deciding), figures)}
        onConfirm={async () => {
          if (!deciding) return;
          if (!deciding.approve && reason.trim() === '') {
            setProblem(messages.adminWithdrawalReasonMissing);
            throw new Error(messages.adminWithdrawalReasonMissing);
          }
          try {
            const response = await decide.mutateAsync({
              id: deciding.row._id,
              approve: deciding.approve,
              reason,
            });
            toast.success(response.message);
          } catch (error) {
            setProblem(errorMessage(error));
            throw error;
          }
        }}
      >
        {deciding && !deciding.approve ? (
          <Input
            label={messages.adminWithdrawalReasonLabel}
            value={reason}
            error={problem ?? undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setProblem(null);
            }}
          />
        ) : problem ? (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** The question the dialog asks: approve (a second approval says it sends the withdrawal) or reject. */
function confirmText(deciding: { row: AdminWithdrawalItem; approve: boolean } | null): string {
  if (!deciding?.approve) return messages.adminWithdrawalRejectConfirm;
  return deciding.row.approvals > 0 && deciding.row.approvals_needed > 1
    ? messages.adminWithdrawalApproveSecondConfirm
    : messages.adminWithdrawalApproveConfirm;
}
