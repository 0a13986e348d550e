import type {
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  MessageEnvelope,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const apiKeysKey = ['security', 'api-keys'] as const;

/** GET /security/api-keys: one page of the live keys, newest first, paged by the server. */
export function useApiKeys(page: number) {
  return useQuery({
    queryKey: [...apiKeysKey, page],
    queryFn: ({ signal }) =>
      apiClient.get<ApiKeysResponse>('/security/api-keys', { signal, query: { page, limit: 10 } }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /security/api-keys: answers the key and its secret, this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      apiClient.post<CreateApiKeyResponse>('/security/api-keys', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** POST /security/api-keys/:id/revoke. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post<MessageEnvelope>(`/security/api-keys/${encodeURIComponent(id)}/revoke`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
