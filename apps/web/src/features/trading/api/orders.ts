import type {
  CancelOrderQuery,
  LimitOrder,
  OrderListResponse,
  OrderWalletResponse,
} from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
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
