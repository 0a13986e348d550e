import type { SupportListResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

/** The newest tickets the server pages out (100); the table pages and searches them on the client. */
export function getMyTickets(signal?: AbortSignal): Promise<SupportListResponse> {
  return apiClient.get<SupportListResponse>('/support/getSupportByUser', { signal, query: { limit: 100 } });
}

export function useMyTickets() {
  return useQuery({
    queryKey: supportKeys.mine,
    queryFn: ({ signal }) => getMyTickets(signal),
    select: (response) => response.data,
  });
}
