import type { AddUsdRequest, AddUsdResponse } from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { afterMoneyMoved } from '../../../shared/wallet/after-money-moved';

/**
 * POST /wallet/fiat/add/usd/amount: asks the server to capture the approved order and credit it.
 * The server checks the capture itself and credits each order once (architecture section 7).
 */
export function addUsdAmount(body: AddUsdRequest, idempotencyKey: string): Promise<AddUsdResponse> {
  return apiClient.post<AddUsdResponse>('/wallet/fiat/add/usd/amount', body, { idempotencyKey });
}

export interface AddUsdVariables {
  readonly body: AddUsdRequest;
  readonly idempotencyKey: string;
}

/**
 * The deposit's last step, the one that credits the wallet: on success the answer's wallet is stored
 * and the balances refreshed (a pending deposit's wallet is unchanged; the socket's balance event
 * refreshes it once the provider confirms).
 */
export function useAddUsdAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: AddUsdVariables) => addUsdAmount(body, idempotencyKey),
    onSuccess: (response) => {
      void afterMoneyMoved(queryClient, response);
    },
  });
}
