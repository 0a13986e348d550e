import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { ADMIN_PAGE_SIZE, useAuditLog } from '../api/admin-users';
import { RowPagedTable } from './row-paged-table';

const ALL_HEADERS = ['Date', 'Action', 'Admin', 'User', 'Details'] as const;

/** What admins did, newest first: every action, or only those about one user (`userId`). */
export function AuditLogTable({ userId }: { readonly userId?: string }) {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, userId);
  const headers = userId ? ALL_HEADERS.filter((h) => h !== 'User') : ALL_HEADERS;
  const rows = log.data?.content.map((line) => (
    <tr key={line._id} className="border-t border-line">
      <td className="px-3 py-3 whitespace-nowrap">{formatDateTime(line.createdAt)}</td>
      <td className="px-3 py-3 font-medium text-ink">{line.action}</td>
      <td className="px-3 py-3">
        <span className="wrap-anywhere">{line.admin.email}</span>
      </td>
      {userId ? null : (
        <td className="px-3 py-3">
          <span className="wrap-anywhere">{line.target?.email ?? '-'}</span>
        </td>
      )}
      <td className="px-3 py-3 text-xs text-muted">
        {Object.entries(line.details)
          .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
          .join(', ') || '-'}
      </td>
    </tr>
  ));
  return (
    <RowPagedTable
      label="Audit log"
      headers={headers}
      rows={rows}
      total={log.data?.total ?? 0}
      page={page}
      pageSize={ADMIN_PAGE_SIZE}
      onPage={setPage}
      busy={log.isFetching}
      error={log.isError ? errorMessage(log.error) : undefined}
      onRetry={() => void log.refetch()}
    />
  );
}
