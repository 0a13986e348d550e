import {
  ADMIN_PAGE_SIZE,
  type AdminDashboardResponse,
  type AdminGraphResponse,
  type AdminStakeListResponse,
  type AdminSupportAnswerRequest,
  type AdminSupportListResponse,
  type AdminSupportStatusRequest,
  type AdminTransactionListResponse,
  type SolvencyResponse,
  type SupportThreadResponse,
  type TopStakingResponse,
} from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Query keys of the back office's operations screens. */
export const adminOpsKeys = {
  all: ['admin', 'ops'] as const,
  dashboard: ['admin', 'ops', 'dashboard'] as const,
  graph: ['admin', 'ops', 'graph'] as const,
  transactions: (page: number, search: string) => ['admin', 'ops', 'transactions', page, search] as const,
  stakes: (page: number, search: string, query: Readonly<Record<string, string>>) =>
    ['admin', 'ops', 'stakes', page, search, query] as const,
  topStaking: ['admin', 'ops', 'top-staking'] as const,
  solvency: ['admin', 'ops', 'solvency'] as const,
  support: ['admin', 'ops', 'support'] as const,
  supportPage: (page: number, search: string) => ['admin', 'ops', 'support', page, search] as const,
  thread: (ticketId: string) => ['admin', 'ops', 'support', 'thread', ticketId] as const,
};

/** The spec re-reads the support list 3 seconds after each render; we poll on that period instead. */
export const SUPPORT_POLL_MS = 3_000;

const listBody = (page: number, search: string) => ({
  page,
  limit: ADMIN_PAGE_SIZE,
  search,
  orderBy: 'desc',
});

export function useAdminDashboard() {
  return useQuery({
    queryKey: adminOpsKeys.dashboard,
    queryFn: ({ signal }) =>
      apiClient.post<AdminDashboardResponse>('/admin/admin-dashboard', undefined, { signal }),
    select: (response) => response.data,
  });
}

export function useAdminGraph() {
  return useQuery({
    queryKey: adminOpsKeys.graph,
    queryFn: ({ signal }) => apiClient.post<AdminGraphResponse>('/admin/admin-graph', undefined, { signal }),
    select: (response) => response.data,
  });
}

export function useAdminTransactions(page: number, search: string) {
  return useQuery({
    queryKey: adminOpsKeys.transactions(page, search),
    queryFn: ({ signal }) =>
      apiClient.post<AdminTransactionListResponse>('/admin/get-all-transaction', listBody(page, search), {
        signal,
      }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** The stakes list's page, with its sort and status filter (`query`: sort, order, status). */
export function useAdminStakes(page: number, search: string, query: Readonly<Record<string, string>> = {}) {
  return useQuery({
    queryKey: adminOpsKeys.stakes(page, search, query),
    queryFn: ({ signal }) =>
      apiClient.post<AdminStakeListResponse>(
        '/admin/get-all-stake',
        { ...listBody(page, search), ...query },
        { signal },
      ),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

export function useTopStaking() {
  return useQuery({
    queryKey: adminOpsKeys.topStaking,
    queryFn: ({ signal }) => apiClient.post<TopStakingResponse>('/admin/top-staking', undefined, { signal }),
    select: (response) => response.data,
  });
}

/** The solvency figures and a ledger check run now; never polled (the check reads the whole journal). */
export function useSolvency() {
  return useQuery({
    queryKey: adminOpsKeys.solvency,
    queryFn: ({ signal }) => apiClient.post<SolvencyResponse>('/admin/solvency', undefined, { signal }),
    select: (response) => response.data,
    staleTime: 30_000,
  });
}

/** POST /admin/getAllSupport: one page of every ticket, kept fresh by polling while the screen is open. */
export function useAdminSupport(
  page: number,
  search: string,
  ticketId?: string,
  query: Readonly<Record<string, string>> = {},
) {
  return useQuery({
    queryKey: [...adminOpsKeys.supportPage(page, search), ticketId ?? '', JSON.stringify(query)],
    queryFn: ({ signal }) =>
      // `query`: the list's sort, order and status (newest first until a header is clicked).
      apiClient.post<AdminSupportListResponse>(
        '/admin/getAllSupport',
        { ...listBody(page, search), orderBy: '-createdAt', ...(ticketId ? { id: ticketId } : {}), ...query },
        { signal },
      ),
    select: (response) => response.data.data,
    placeholderData: keepPreviousData,
    refetchInterval: SUPPORT_POLL_MS,
  });
}

export function answerTicket(body: AdminSupportAnswerRequest) {
  return apiClient.post<unknown>('/admin/support/answer', body);
}

export function setTicketStatus(body: AdminSupportStatusRequest) {
  return apiClient.post<unknown>('/admin/support/status', body);
}

/** POST /admin/support/thread: one ticket's conversation (its description, then every reply in order). */
export function useAdminTicketThread(ticketId: string | undefined) {
  return useQuery({
    queryKey: adminOpsKeys.thread(ticketId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.post<SupportThreadResponse>('/admin/support/thread', { ticket_id: ticketId }, { signal }),
    select: (response) => response.data,
    enabled: Boolean(ticketId),
    refetchInterval: SUPPORT_POLL_MS,
  });
}
