import type { PlaceOrderRequest, PlaceOrderResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /wallet/limitorder/limitInstant/buy or /sell. `idempotencyKey` is made once per confirmed
 * action, so a retried request never executes twice.
 */
export function placeOrder(body: PlaceOrderRequest, idempotencyKey: string): Promise<PlaceOrderResponse> {
  return apiClient.post<PlaceOrderResponse>(`/wallet/limitorder/limitInstant/${body.side}`, body, {
    idempotencyKey,
  });
}
