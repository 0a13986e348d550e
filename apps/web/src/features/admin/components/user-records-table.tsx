import { type AdminUserRecord, type AdminUserRecordKind, messages } from '@exchange/contracts';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAdminUserRecords, useRevokeApiKey } from '../api/admin-user-records';
import { ADMIN_LIST } from './admin-cells';

/** The sections of a customer's page beyond the spec's tables, each its own tab (issue 46). */
export const USER_RECORD_SECTIONS: readonly { kind: AdminUserRecordKind; label: string }[] = [
  { kind: 'open_orders', label: 'Open orders' },
  { kind: 'deposits', label: 'Deposits' },
  { kind: 'coin_deposits', label: 'Coin deposits' },
  { kind: 'withdrawals', label: 'Withdrawals' },
  { kind: 'stakes', label: 'Stakes' },
  { kind: 'nfts', label: 'NFTs' },
  { kind: 'sign_ins', label: 'Sign-in history' },
  { kind: 'sessions', label: 'Sessions' },
  { kind: 'api_keys', label: 'API keys' },
  { kind: 'addresses', label: 'Address book' },
];

const baseColumns: Column<AdminUserRecord>[] = [
  { id: 'date', header: 'Date', className: 'whitespace-nowrap', cell: (r) => formatDateTime(r.createdAt) },
  { id: 'title', header: 'Item', cell: (r) => <span className="font-medium text-ink">{r.title}</span> },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (r) => r.amount ?? '-',
  },
  { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  { id: 'detail', header: 'Details', className: 'text-xs text-muted wrap-anywhere', cell: (r) => r.detail },
];

/**
 * One kind of the customer's records, 10 a page from the server, newest first; on the API keys tab a
 * live key has Revoke, which asks first (programs using it stop at once) and is audited.
 */
export function UserRecordsTable({
  userId,
  kind,
  label,
}: {
  readonly userId: string;
  readonly kind: AdminUserRecordKind;
  readonly label: string;
}) {
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<AdminUserRecord | null>(null);
  const list = useAdminUserRecords(userId, kind, page);
  const revoke = useRevokeApiKey();
  const columns: Column<AdminUserRecord>[] =
    kind === 'api_keys'
      ? [
          ...baseColumns,
          {
            id: 'action',
            header: 'Action',
            cell: (r) =>
              r.revocable ? (
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`Revoke ${r.title}`}
                  onClick={() => setRevoking(r)}
                >
                  {messages.adminRevokeApiKey}
                </Button>
              ) : null,
          },
        ]
      : baseColumns;
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={list.data?.content}
        rowKey={(r) => r._id}
        server={{ page, total: list.data?.total ?? 0, onPageChange: setPage }}
        {...ADMIN_LIST}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={messages.confirmRevokeApiKey}
        confirmLabel="Yes"
        cancelLabel="NO"
        confirmVariant="danger"
        onConfirm={async () => {
          if (!revoking) return;
          try {
            const response = await revoke.mutateAsync({ userId, keyId: revoking._id });
            toast.success(response.message);
          } catch (error) {
            toast.error(errorMessage(error));
            throw error;
          }
        }}
      />
    </>
  );
}
