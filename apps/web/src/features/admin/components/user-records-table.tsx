import { type AdminUserRecord, type AdminUserRecordKind, messages } from '@exchange/contracts';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../session/session-context';
import { useAdminUserRecords, useEndSessions, useRevokeApiKey } from '../api/admin-user-records';
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

/** What an admin is about to do to a record, asked first: revoke a key, end a session or all of them. */
type Pending =
  | { readonly kind: 'revoke'; readonly record: AdminUserRecord }
  | { readonly kind: 'end'; readonly record: AdminUserRecord }
  | { readonly kind: 'end-all' };

const QUESTIONS = {
  revoke: messages.confirmRevokeApiKey,
  end: messages.confirmEndSession,
  'end-all': messages.confirmEndAllSessions,
} as const;

/** The Action column: Revoke on a live API key, End session on a live session. */
function actionColumn(kind: AdminUserRecordKind, ask: (pending: Pending) => void): Column<AdminUserRecord> {
  const [label, named, pendingKind] =
    kind === 'api_keys'
      ? [messages.adminRevokeApiKey, 'Revoke', 'revoke' as const]
      : [messages.adminEndSession, 'End session', 'end' as const];
  return {
    id: 'action',
    header: 'Action',
    cell: (r) =>
      r.revocable ? (
        <Button
          size="sm"
          variant="danger"
          aria-label={`${named} ${r.title}`}
          onClick={() => ask({ kind: pendingKind, record: r })}
        >
          {label}
        </Button>
      ) : null,
  };
}

/**
 * One kind of the customer's records, 10 a page from the server, newest first. On the API keys tab a
 * live key has Revoke (programs using it stop at once); on the Sessions tab each session has End
 * session, and End all sessions signs the customer out everywhere (issue 46 point 2). Each asks
 * first and is audited.
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
  const [pending, setPending] = useState<Pending | null>(null);
  const list = useAdminUserRecords(userId, kind, page);
  const revoke = useRevokeApiKey();
  const endSessions = useEndSessions();
  // One's own sessions end on one's Security page (the server refuses them here): on the admin's own
  // page the Sessions tab lists them without End session, and says where they end.
  const own = useSession().user?._id === userId;
  const actionable = kind === 'api_keys' || (kind === 'sessions' && !own);
  const columns = actionable ? [...baseColumns, actionColumn(kind, setPending)] : baseColumns;
  const run = (what: Pending) => {
    if (what.kind === 'revoke') return revoke.mutateAsync({ userId, keyId: what.record._id });
    if (what.kind === 'end') return endSessions.mutateAsync({ userId, sessionId: what.record._id });
    return endSessions.mutateAsync({ userId });
  };
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={list.data?.content}
        rowKey={(r) => r._id}
        server={{ page, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          kind === 'sessions' && own ? (
            <p className="text-sm text-muted">{messages.adminSessionsOwn}</p>
          ) : kind === 'sessions' ? (
            <Button
              size="sm"
              variant="danger"
              disabled={!list.data?.total}
              onClick={() => setPending({ kind: 'end-all' })}
            >
              {messages.adminEndAllSessions}
            </Button>
          ) : undefined
        }
        {...ADMIN_LIST}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={pending ? QUESTIONS[pending.kind] : ''}
        confirmLabel="Yes"
        cancelLabel="NO"
        confirmVariant="danger"
        onConfirm={async () => {
          if (!pending) return;
          try {
            const response = await run(pending);
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
