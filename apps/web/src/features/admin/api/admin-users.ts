import type {
  AdminAuditLogResponse,
  AdminSetUserStatusRequest,
  AdminSetUserStatusResponse,
  AdminSetWithdrawalFreezeRequest,
  AdminSetWithdrawalFreezeResponse,
  AdminUserDetailsResponse,
  AdminUserListResponse,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const ADMIN_PAGE_SIZE = 10;

export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (page: number, search: string, query: Readonly<Record<string, string>>) =>
    ['admin-users', 'list', page, search, query] as const,
  detail: (userId: string) => ['admin-users', 'detail', userId] as const,
  audit: (page: number, userId: string | undefined) => ['admin-users', 'audit', page, userId ?? ''] as const,
};

/**
 * POST /admin/get-all-users: one page of users, searched, sorted and filtered by account status on
 * the server (`query`: sort, order, status; newest first without them).
 */
export function useAdminUsers(page: number, search: string, query: Readonly<Record<string, string>> = {}) {
  return useQuery({
    queryKey: adminUserKeys.list(page, search, query),
    queryFn: ({ signal }) =>
      apiClient.post<AdminUserListResponse>(
        '/admin/get-all-users',
        { page, limit: ADMIN_PAGE_SIZE, search, orderBy: 'desc', ...query },
        { signal },
      ),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/get-userDetails {userId}: the user information page's data. */
export function useAdminUserDetails(userId: string | undefined) {
  return useQuery({
    queryKey: adminUserKeys.detail(userId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.post<AdminUserDetailsResponse>('/admin/get-userDetails', { userId }, { signal }),
    select: (response) => response.data,
    enabled: Boolean(userId),
  });
}

/** POST /admin/audit-log: one page of admin actions, newest first, optionally about one user. */
export function useAuditLog(page: number, userId?: string) {
  return useQuery({
    queryKey: adminUserKeys.audit(page, userId),
    queryFn: ({ signal }) =>
      apiClient.post<AdminAuditLogResponse>(
        '/admin/audit-log',
        { page, limit: ADMIN_PAGE_SIZE, ...(userId ? { userId } : {}) },
        { signal },
      ),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/set-user-status: disables (with a reason; the spec's "Delete") or re-enables an account. */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSetUserStatusRequest) =>
      apiClient.post<AdminSetUserStatusResponse>('/admin/set-user-status', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** POST /admin/set-withdrawal-freeze: freezes (with a reason) or unfreezes a customer's withdrawals. */
export function useSetWithdrawalFreeze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSetWithdrawalFreezeRequest) =>
      apiClient.post<AdminSetWithdrawalFreezeResponse>('/admin/set-withdrawal-freeze', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
