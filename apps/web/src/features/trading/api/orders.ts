import type {
  CancelAllOrdersRequest,
  CancelAllOrdersResponse,
  CancelOrderQuery,
  LimitOrder,
  OrderHistoryQuery,
  OrderHistoryResponse,
  OrderListResponse,
  OrderWalletResponse,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../components/ui/data-table';
import { apiClient } from '../../../lib/api-client';
import { afterMoneyMoved } from '../../../shared/wallet/after-money-moved';
import { refreshBalances } from '../../../shared/wallet/refresh-balances';
import { tradingKeys } from './query-keys';

export async function getOrderHistory(signal?: AbortSignal): Promise<LimitOrder[]> {
  const response = await apiClient.get<OrderListResponse>('/wallet/limitorder/market/get-order-history', {
    signal,
  });
  return response.data;
}

/** The history's lists of orders that left the book: Completed (filled) and Cancelled. */
export type ClosedOrderStatus = 'filled' | 'cancelled';

/** A page of the orders that left the book with one status, as a History tab asks for it. */
export interface ClosedOrdersQuery {
  readonly status: ClosedOrderStatus;
  readonly page: number;
  /** Trimmed; '' for none. */
  readonly search: string;
}

/**
 * GET /wallet/limitorder/market/get-order-history?status=filled|cancelled: one page (10 rows) of the
 * orders with that status, newest first, searched by market on the server, with their total.
 */
export function getClosedOrders(
  { status, page, search }: ClosedOrdersQuery,
  signal?: AbortSignal,
): Promise<OrderHistoryResponse> {
  const query = {
    page,
    limit: DEFAULT_PAGE_SIZE,
    search: search || undefined,
    status,
  } satisfies OrderHistoryQuery;
  return apiClient.get<OrderHistoryResponse>('/wallet/limitorder/market/get-order-history', {
    signal,
    query,
  });
}

export async function getOpenOrders(signal?: AbortSignal): Promise<LimitOrder[]> {
  const response = await apiClient.get<OrderListResponse>('/wallet/limitorder/market/get-user-open-order', {
    signal,
  });
  return response.data;
}

/** The spec's path keeps its spelling ('cancle'); a GET with the market and order ids. */
export function cancelOrder(query: CancelOrderQuery): Promise<OrderWalletResponse> {
  return apiClient.get<OrderWalletResponse>('/wallet/limitorder/market/cancle-open-order', { query });
}

/**
 * Cancels an open order, from the trading screen or the history: on success the answer's wallet is
 * stored (what the order held is spendable again); whatever the answer, the order lists and the
 * balances are refetched before the mutation settles, so a list never shows an order that is gone.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (response) => afterMoneyMoved(queryClient, response),
    // A refusal may mean the order filled or was cancelled meanwhile: its figures are refetched too.
    onError: () => refreshBalances(queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradingKeys.orders }),
  });
}

/** 'Cancel all' (issue 48): the user's open orders on one market, or on every market without one. */
export function cancelAllOrders(body: CancelAllOrdersRequest): Promise<CancelAllOrdersResponse> {
  return apiClient.post<CancelAllOrdersResponse>('/wallet/limitorder/market/cancel-all-open-orders', body);
}

/** Cancels all open orders (of a market or everywhere), then refreshes like a single cancel. */
export function useCancelAllOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAllOrders,
    onSuccess: (response) => afterMoneyMoved(queryClient, response),
    onError: () => refreshBalances(queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradingKeys.orders }),
  });
}

/** The completed tab shows filled orders only (spec section 2). */
export function useFilledOrders() {
  return useQuery({
    queryKey: tradingKeys.orderHistory,
    queryFn: ({ signal }) => getOrderHistory(signal),
    select: (orders) => orders.filter((order) => order.status === 'filled'),
  });
}

/**
 * The page of filled or of cancelled orders the history shows, and the server's total of them. Under
 * the orders' key, so placing or cancelling an order refreshes it; the previous page stays on screen
 * while the next one loads.
 */
export function useClosedOrders(query: ClosedOrdersQuery) {
  return useQuery({
    queryKey: [...tradingKeys.orderHistory, query.status, query.page, query.search],
    queryFn: ({ signal }) => getClosedOrders(query, signal),
    select: (response) => ({ rows: response.data, total: response.total }),
    placeholderData: keepPreviousData,
  });
}

export function useOpenOrders() {
  return useQuery({ queryKey: tradingKeys.openOrders, queryFn: ({ signal }) => getOpenOrders(signal) });
}
