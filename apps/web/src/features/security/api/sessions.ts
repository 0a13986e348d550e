import type {
  AntiPhishingResponse,
  MessageEnvelope,
  SessionsResponse,
  SignInHistoryResponse,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const sessionsKey = ['security', 'sessions'] as const;
const signInsKey = ['security', 'sign-ins'] as const;
const phraseKey = ['security', 'anti-phishing'] as const;

/** GET /security/sessions: the live sessions, most recently used first, this device marked. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiClient.get<SessionsResponse>('/security/sessions', { signal }),
    select: (response) => response.data,
  });
}

/** 'Sign out this session' (one id) or 'Sign out all other sessions' (none). */
export function useSignOutSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | null) =>
      sessionId
        ? apiClient.post<MessageEnvelope>(`/security/sessions/${encodeURIComponent(sessionId)}/revoke`, {})
        : apiClient.post<MessageEnvelope>('/security/sessions/revoke-others', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** GET /security/sign-ins: one page of the sign-in history, newest first, paged by the server. */
export function useSignInHistory(query: { page: number; search: string }) {
  return useQuery({
    queryKey: [...signInsKey, query.page, query.search],
    queryFn: ({ signal }) =>
      apiClient.get<SignInHistoryResponse>('/security/sign-ins', {
        signal,
        query: { page: query.page, limit: 10, search: query.search || undefined },
      }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

export function useAntiPhishingPhrase() {
  return useQuery({
    queryKey: phraseKey,
    queryFn: ({ signal }) => apiClient.get<AntiPhishingResponse>('/security/anti-phishing', { signal }),
    select: (response) => response.data.phrase,
  });
}

/** POST /security/anti-phishing: sets the phrase, or removes it with null. */
export function useSetAntiPhishingPhrase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phrase: string | null) =>
      apiClient.post<AntiPhishingResponse>('/security/anti-phishing', { phrase }),
    onSuccess: (response) => queryClient.setQueryData(phraseKey, response),
  });
}
