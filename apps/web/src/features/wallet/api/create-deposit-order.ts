import type { CreateDepositOrderRequest, DepositOrderResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /wallet/deposits/orders: opens a USD order at the payment provider; nothing is credited yet. */
export function createDepositOrder(
  body: CreateDepositOrderRequest,
  idempotencyKey: string,
): Promise<DepositOrderResponse> {
  return apiClient.post<DepositOrderResponse>('/wallet/deposits/orders', body, { idempotencyKey });
}
