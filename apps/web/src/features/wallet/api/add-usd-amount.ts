import type { AddUsdRequest, AddUsdResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /wallet/fiat/add/usd/amount: asks the server to capture the approved order and credit it.
 * The server checks the capture itself and credits each order once (architecture section 7).
 */
export function addUsdAmount(body: AddUsdRequest, idempotencyKey: string): Promise<AddUsdResponse> {
  return apiClient.post<AddUsdResponse>('/wallet/fiat/add/usd/amount', body, { idempotencyKey });
}
