import { CRYPTO_CODES } from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope, wireDecimal } from './envelope';
import { walletSchema } from './wallet';

/**
 * P2P transfers on the wire (spec sections 2, 3 and 7). Fields are accepted loosely so the server can
 * answer in the spec's order: 'Please Enter Email Id', 'Please Enter Valid Email Id', 'Please Choose
 * Currency', 'Please Enter Amount', 'Insufficient amount', 'Amount should be greater than 0'.
 */

/** The e-mail rule of the P2P form: the domain's, which checkP2pTransfer applies. */
export { P2P_EMAIL_PATTERN } from '@exchange/domain';

/** POST /common/user/userInfo: looks up a P2P recipient. */
export const userInfoRequestSchema = z.object({ email: z.string().max(254).nullish() });
export type UserInfoRequest = z.input<typeof userInfoRequestSchema>;

/** Only a name and masked contacts: enough to recognise the recipient, not to harvest the account. */
export const userInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  country_code: z.string(),
  mobile_no: z.string(),
});
export const userInfoResponseSchema = envelope(userInfoSchema);
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;

/** POST /p2p/transfer: the spec's payload. */
export const p2pTransferRequestSchema = z.object({
  to_email: z.string().max(254).nullish(),
  amount: wireDecimal,
  from_crypto_currency_code: z.string().max(16).nullish(),
});
export type P2pTransferRequest = z.input<typeof p2pTransferRequestSchema>;

export const P2P_CODES = CRYPTO_CODES;

export const p2pTransferResponseSchema = envelope(z.object({ wallet: walletSchema }));
export type P2pTransferResponse = z.infer<typeof p2pTransferResponseSchema>;

/** One P2P history item (spec section 3), the same for the sender and the receiver. */
export const p2pHistoryItemSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  senderEmail: z.string(),
  receiverEmail: z.string(),
  senderName: z.string(),
  receiverName: z.string(),
  senderMobile: z.string(),
  receiverMobile: z.string(),
  from: z.object({ amount: decimalString, currency_code: z.string() }),
  status: z.enum(['SUCCESS', 'PENDING', 'REJECTED']),
});
export type P2pHistoryItem = z.infer<typeof p2pHistoryItemSchema>;

/** GET /p2p/p2phistory: the list under data, with the paging figures beside it. */
export const p2pHistoryResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(p2pHistoryItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type P2pHistoryResponse = z.infer<typeof p2pHistoryResponseSchema>;
