import type { SupportThreadResponse } from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

const threadKey = (ticketId: string) => ['support', 'thread', ticketId] as const;

/** GET /support/thread: the customer's own ticket with its replies in order. */
export function useTicketThread(ticketId: string | null) {
  return useQuery({
    queryKey: threadKey(ticketId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<SupportThreadResponse>('/support/thread', {
        signal,
        query: { ticket_id: ticketId ?? '' },
      }),
    select: (response) => response.data,
    enabled: Boolean(ticketId),
  });
}

/** POST /support/reply: the customer answers in the thread; the ticket goes back to the team. */
export function useReplyToTicket(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiClient.post<SupportThreadResponse>('/support/reply', { ticket_id: ticketId, message }),
    onSuccess: (response) => queryClient.setQueryData(threadKey(ticketId), response),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.mine }),
  });
}
