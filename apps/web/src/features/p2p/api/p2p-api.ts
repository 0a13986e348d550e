import type {
  P2pTransferRequest,
  P2pTransferResponse,
  UserInfoRequest,
  UserInfoResponse,
} from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /common/user/userInfo: the recipient's name and masked contacts, or the server's reason. */
export function lookUpRecipient(body: UserInfoRequest): Promise<UserInfoResponse> {
  return apiClient.post<UserInfoResponse>('/common/user/userInfo', body);
}

/** POST /p2p/transfer; one Idempotency-Key per confirmed transfer. */
export function transferP2p(body: P2pTransferRequest, idempotencyKey: string): Promise<P2pTransferResponse> {
  return apiClient.post<P2pTransferResponse>('/p2p/transfer', body, { idempotencyKey });
}
