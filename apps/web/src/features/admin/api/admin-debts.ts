import type {
  AdminDebtListResponse,
  AdminSettleDebtResponse,
  DebtSettlement,
  DebtStatus,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE } from './admin-users';

export interface DebtFilter {
  readonly page: number;
  readonly search: string;
  /** '' for every debt. */
  readonly status: DebtStatus | '';
  /** Only this user's debts (the user information page). */
  readonly userId?: string;
  /** The list's sort and order (newest first when left out). */
  readonly sort?: Readonly<Record<string, string>>;
}

export const adminDebtKeys = {
  all: ['admin-debts'] as const,
  list: (filter: DebtFilter) =>
    [
      'admin-debts',
      'list',
      filter.page,
      filter.search,
      filter.status,
      filter.userId ?? '',
      JSON.stringify(filter.sort ?? {}),
    ] as const,
};

/** POST /admin/debts: one page of debts, newest first, searched and filtered on the server. */
export function useAdminDebts(filter: DebtFilter) {
  return useQuery({
    queryKey: adminDebtKeys.list(filter),
    queryFn: ({ signal }) =>
      apiClient.post<AdminDebtListResponse>(
        '/admin/debts',
        {
          page: filter.page,
          limit: ADMIN_PAGE_SIZE,
          search: filter.search,
          status: filter.status,
          ...(filter.userId ? { userId: filter.userId } : {}),
          ...filter.sort,
        },
        { signal },
      ),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/debts/settle: collects a debt from the customer's USD, or writes it off with a note. */
export function useSettleDebt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { debtId: string; method: DebtSettlement; note: string }) =>
      apiClient.post<AdminSettleDebtResponse>('/admin/debts/settle', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDebtKeys.all }),
  });
}
