import type {
  CancelOrderQuery,
  LimitOrder,
  OrderListResponse,
  OrderWalletResponse,
} from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The completed tab shows filled orders only (spec section 2). */
export function useFilledOrders() {
  return useQuery({
    queryKey: tradingKeys.orderHistory,
    queryFn: ({ signal }) => getOrderHistory(signal),
    select: (orders) => orders.filter((order) => order.status === 'filled'),
  });
}

/** Orders that left the book, filled or cancelled: history keeps both, each with its status. */
export function useClosedOrders() {
  return useQuery({
    queryKey: tradingKeys.orderHistory,
    queryFn: ({ signal }) => getOrderHistory(signal),
    select: (orders) => orders.filter((order) => order.status !== 'open'),
  });
}

export function useOpenOrders() {
  return useQuery({ queryKey: tradingKeys.openOrders, queryFn: ({ signal }) => getOpenOrders(signal) });
}
