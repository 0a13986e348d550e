import type { OrderWalletResponse, PlaceOrderRequest } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /wallet/limitorder/limitInstant/buy or /sell. `idempotencyKey` is made once per confirmed
 * action, so a retried request never executes twice.
 */
export function placeOrder(body: PlaceOrderRequest, idempotencyKey: string): Promise<OrderWalletResponse> {
  return apiClient.post<OrderWalletResponse>(`/wallet/limitorder/limitInstant/${body.side}`, body, {
    idempotencyKey,
  });
}
