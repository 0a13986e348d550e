import {
  ADMIN_PAGE_SIZE,
  type AdminTransactionListRequest,
  type AdminTransactionListResponse,
  type AdminTransactionSort,
  type SortOrder,
} from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The Transactions screen's filters, as the server reads them (a blank one means none). */
export interface TransactionFilters {
  readonly kind: string;
  readonly asset: string;
  readonly status: string;
  readonly from: string;
  readonly to: string;
}

export const NO_TRANSACTION_FILTERS: TransactionFilters = {
  kind: '',
  asset: '',
  status: '',
  from: '',
  to: '',
};

/** The list's query: filters, search and sort; the same fields the CSV download sends. */
export function transactionQuery(
  filters: TransactionFilters,
  search: string,
  sort: { sort: AdminTransactionSort; order: SortOrder },
): Record<string, string | undefined> {
  return { ...filters, search: search || undefined, sort: sort.sort, order: sort.order };
}

/** POST /admin/get-all-transaction: a page of every customer's movements with the screen's query. */
export function useAdminTransactionList(page: number, query: Record<string, string | undefined>) {
  const body = { ...query, page, limit: ADMIN_PAGE_SIZE } as AdminTransactionListRequest;
  return useQuery({
    queryKey: ['admin', 'ops', 'transactions', page, query] as const,
    queryFn: ({ signal }) =>
      apiClient.post<AdminTransactionListResponse>('/admin/get-all-transaction', body, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}
