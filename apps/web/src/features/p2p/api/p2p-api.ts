import type {
  P2pTransferRequest,
  P2pTransferResponse,
  UserInfoRequest,
  UserInfoResponse,
} from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { afterMoneyMoved } from '../../../shared/wallet/after-money-moved';

/** POST /common/user/userInfo: the recipient's name and masked contacts, or the server's reason. */
export function lookUpRecipient(body: UserInfoRequest): Promise<UserInfoResponse> {
  return apiClient.post<UserInfoResponse>('/common/user/userInfo', body);
}

/** POST /p2p/transfer; one Idempotency-Key per confirmed transfer. */
export function transferP2p(body: P2pTransferRequest, idempotencyKey: string): Promise<P2pTransferResponse> {
  return apiClient.post<P2pTransferResponse>('/p2p/transfer', body, { idempotencyKey });
}

export interface TransferP2pVariables {
  readonly body: P2pTransferRequest;
  readonly idempotencyKey: string;
}

/** Sends crypto to another user; on success the answer's wallet is stored and the balances refreshed. */
export function useTransferP2p() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: TransferP2pVariables) => transferP2p(body, idempotencyKey),
    onSuccess: (response) => {
      void afterMoneyMoved(queryClient, response);
    },
  });
}
