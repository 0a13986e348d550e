import type { OrderSide, PlaceOcoRequest, PlaceOcoResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /wallet/limitorder/oco/buy or /sell (issue 48): a limit order and a stop-limit linked, one
 * cancelling the other. `idempotencyKey` is made once per confirmed action, as for single orders.
 */
export function placeOco(
  side: OrderSide,
  body: PlaceOcoRequest,
  idempotencyKey: string,
): Promise<PlaceOcoResponse> {
  return apiClient.post<PlaceOcoResponse>(`/wallet/limitorder/oco/${side}`, body, { idempotencyKey });
}
