import type { AdminAuditLogResponse, SortOrder } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE } from './admin-users';

/** The audit log screen's filters, as typed (blank ones are left out of the query). */
export interface AuditLogFilters {
  readonly admin: string;
  readonly action: string;
  readonly target: string;
  readonly from: string;
  readonly to: string;
}

export type AuditLogSort = 'createdAt' | 'action';

/** The query the list and its CSV send: the filters that are set, the sort and the direction. */
export function auditLogQuery(
  filters: AuditLogFilters,
  sort: { sort: AuditLogSort; order: SortOrder },
): Record<string, string> {
  const query: Record<string, string> = { sort: sort.sort, order: sort.order };
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query[key] = value.trim();
  return query;
}

/** POST /admin/audit-log: one page of the log with the screen's filters and sort. */
export function useAuditLogList(page: number, query: Record<string, string>) {
  return useQuery({
    queryKey: ['admin-users', 'audit-screen', page, query] as const,
    queryFn: ({ signal }) =>
      apiClient.post<AdminAuditLogResponse>(
        '/admin/audit-log',
        { page, limit: ADMIN_PAGE_SIZE, ...query },
        { signal },
      ),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}
