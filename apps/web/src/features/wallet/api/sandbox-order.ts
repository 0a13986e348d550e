import type { DepositOrderResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

export type SandboxDecision = 'approve' | 'decline';

/**
 * POST /wallet/deposits/sandbox/:orderId/approve or /decline: the buyer's answer at the sandbox
 * provider, standing in for what a real provider's checkout page would record.
 */
export function decideSandboxOrder(
  orderId: string,
  decision: SandboxDecision,
  idempotencyKey: string,
): Promise<DepositOrderResponse> {
  return apiClient.post<DepositOrderResponse>(
    `/wallet/deposits/sandbox/${encodeURIComponent(orderId)}/${decision}`,
    {},
    { idempotencyKey },
  );
}
