import { type AuditLogItem, auditDetailsText } from '@exchange/contracts';
import { useState } from 'react';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/admin-users';
import { ADMIN_LIST } from './admin-cells';

const columns: readonly Column<AuditLogItem>[] = [
  {
    id: 'date',
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (line) => formatDateTime(line.createdAt),
  },
  {
    id: 'action',
    header: 'Action',
    cell: (line) => <span className="font-medium text-ink">{line.action}</span>,
  },
  { id: 'admin', header: 'Admin', cell: (line) => <span className="wrap-anywhere">{line.admin.email}</span> },
  {
    id: 'user',
    header: 'User',
    cell: (line) => <span className="wrap-anywhere">{line.target?.email ?? '-'}</span>,
  },
  {
    id: 'details',
    header: 'Details',
    className: 'text-xs text-muted',
    // Amounts read as money: the server sends them as decimals beside their asset.
    cell: (line) => auditDetailsText(line.details) || '-',
  },
];
const userColumns = columns.filter((column) => column.id !== 'user');

/** What admins did, newest first: every action, or only those about one user (`userId`). */
export function AuditLogTable({ userId }: { readonly userId?: string }) {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, userId);
  return (
    <DataTable
      label="Audit log"
      columns={userId ? userColumns : columns}
      rows={log.data?.content}
      rowKey={(line) => line._id}
      server={{ page, total: log.data?.total ?? 0, onPageChange: setPage }}
      {...ADMIN_LIST}
      loading={log.isFetching}
      error={log.isError ? errorMessage(log.error) : undefined}
      onRetry={() => void log.refetch()}
    />
  );
}
