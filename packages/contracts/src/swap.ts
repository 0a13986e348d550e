import { CRYPTO_CODES } from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope, wireDecimal } from './envelope';
import { pagingSchema } from './paging';
import { walletSchema, walletTransactionSchema } from './wallet';

/**
 * Swap and Buy MultiCoin on the wire (spec sections 2, 7 and 9). Both execute against the house at a
 * server-issued quote: the rate comes from the two coins' reference prices, a swap pays the instant
 * fee on what it receives, and MULTI is handed out to 4 decimals. The amount is checked on the server
 * in the spec's order ('Amount must be greater than 0', 'Insufficient amount', the stale-price
 * message), so these schemas accept it loosely.
 */

/** The coins Buy MultiCoin takes (spec section 9). */
export const MULTICOIN_FROM_CODES = ['ETH', 'XRP', 'ADA', 'DOT'] as const;
export type MulticoinFromCode = (typeof MULTICOIN_FROM_CODES)[number];

/**
 * What a swap may spend: the supported coins, and USD, which converts only into USDT (the order form's
 * 'Convert USD to USDT' step, issue 45: limit orders are paid in USDT). The server refuses USD into
 * anything else with a 422.
 */
export const SWAP_FROM_CODES = ['USD', ...CRYPTO_CODES] as const;

const swapFields = {
  from_crypto_currency_code: z.enum(SWAP_FROM_CODES),
  from_amount: wireDecimal,
};

/** POST /swap/quote: a firm rate for swapping one supported coin into another (or into MULTI). */
export const swapQuoteRequestSchema = z.object({
  ...swapFields,
  to_crypto_currency_code: z.enum([...CRYPTO_CODES, 'MULTI']),
});
export type SwapQuoteRequest = z.input<typeof swapQuoteRequestSchema>;

/**
 * A swap quote: `rate` is units of `to` per unit of `from` (8 decimals, rounded down), `fee` what the
 * house keeps of `to` (fee and rounding), `to_amount` what the user receives. Valid until `expires_at`.
 */
export const swapQuoteSchema = z.object({
  quote_id: z.string(),
  from_crypto_currency_code: z.string(),
  to_crypto_currency_code: z.string(),
  from_amount: decimalString,
  rate: decimalString,
  fee: decimalString,
  to_amount: decimalString,
  expires_at: z.string(),
});
export type SwapQuote = z.infer<typeof swapQuoteSchema>;
export const swapQuoteResponseSchema = envelope(swapQuoteSchema);
export type SwapQuoteResponse = z.infer<typeof swapQuoteResponseSchema>;

/** POST /swap: the spec's payload, plus the quote being accepted (without one, the current rate). */
export const swapRequestSchema = z.object({
  ...swapFields,
  to_crypto_currency_code: z.enum(CRYPTO_CODES),
  quote_id: z.string().max(64).nullish(),
});
export type SwapRequest = z.input<typeof swapRequestSchema>;

/** POST /swap/multi: one of ETH, XRP, ADA, DOT into MULTI. */
export const multiSwapRequestSchema = z.object({
  from_crypto_currency_code: z.enum(MULTICOIN_FROM_CODES),
  to_crypto_currency_code: z.literal('MULTI'),
  from_amount: wireDecimal,
  quote_id: z.string().max(64).nullish(),
});
export type MultiSwapRequest = z.input<typeof multiSwapRequestSchema>;

/** Answer of a swap: the wallet afterwards. */
export const swapResponseSchema = envelope(z.object({ wallet: walletSchema }));
export type SwapResponse = z.infer<typeof swapResponseSchema>;

/** The largest page of the swap and P2P histories: what the history screen asks for, as for the others. */
export const HISTORY_MAX_LIMIT = 500;

/** Paging and search (by coin code) shared by the swap and P2P histories. */
export const historyQuerySchema = pagingSchema({
  defaultLimit: 10,
  maxLimit: HISTORY_MAX_LIMIT,
  searchMax: 100,
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/** GET /swap/history: the spec's swap items (a wallet transaction of type CRYPTO_TO_CRYPTO) under data. */
export const swapHistoryResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(walletTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SwapHistoryResponse = z.infer<typeof swapHistoryResponseSchema>;
