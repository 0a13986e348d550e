import type {
  AdminEndSessionsResponse,
  AdminRevokeApiKeyResponse,
  AdminUserRecordKind,
  AdminUserRecordsResponse,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE, adminUserKeys } from './admin-users';

const recordKeys = (userId: string, kind: AdminUserRecordKind, page: number) =>
  [...adminUserKeys.all, 'records', userId, kind, page] as const;

/** POST /admin/user-records: one page of one kind of the customer's records, newest first. */
export function useAdminUserRecords(userId: string, kind: AdminUserRecordKind, page: number) {
  return useQuery({
    queryKey: recordKeys(userId, kind, page),
    queryFn: ({ signal }) =>
      apiClient.post<AdminUserRecordsResponse>(
        '/admin/user-records',
        { userId, kind, page, limit: ADMIN_PAGE_SIZE },
        { signal },
      ),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/revoke-api-key: revokes one of the customer's API keys (audited). */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; keyId: string }) =>
      apiClient.post<AdminRevokeApiKeyResponse>('/admin/revoke-api-key', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** POST /admin/end-sessions: ends one of the customer's sessions, or all of them without `sessionId` (audited). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; sessionId?: string }) =>
      apiClient.post<AdminEndSessionsResponse>('/admin/end-sessions', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
