import { ASSET_CODES, HISTORY_OPERATION_TYPES } from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope } from './envelope';
import { pagingSchema } from './paging';

/** A USD figure shown to 2 decimals, like '10250.00'. */
export const usdValueString = z.string().regex(/^\d+\.\d{2}$/);

// ---------------------------------------------------------------- GET /wallet

/**
 * One asset of the wallet (spec section 3). `balance` is what can be spent now, `locked` what open
 * orders and stakes hold; both are decimal strings at the asset's scale. `asset_value` is the USD value
 * of balance plus locked at the current reference price (an asset without a fresh price counts as 0),
 * and `asset_value_percent` its share of the wallet's total, both to 2 decimals, rounded down.
 */
export const walletCurrencySchema = z.object({
  /** The asset code: currencies are identified by it. */
  _id: z.string(),
  name: z.string(),
  symbol: z.enum(ASSET_CODES),
  /** Served by the web app itself (/coins/<code>.svg). */
  image_url: z.string(),
  balance: decimalString,
  locked: decimalString,
  currency_type: z.enum(['FIAT', 'CRYPTO']),
  asset_value: usdValueString,
  asset_value_percent: usdValueString,
  /** USD value (current price) of the staking interest paid so far in this coin. */
  interest_earned: usdValueString,
});
export type WalletCurrency = z.infer<typeof walletCurrencySchema>;

export const walletSchema = z.object({ currencies: z.array(walletCurrencySchema) });
export type Wallet = z.infer<typeof walletSchema>;

export const walletResponseSchema = envelope(z.object({ wallet: walletSchema }));
export type WalletResponse = z.infer<typeof walletResponseSchema>;

// ---------------------------------------------------------------- GET /wallet/transactions

/** The kinds of history row (the domain's `historyRow` decides each row's). */
export const OPERATION_TYPES = HISTORY_OPERATION_TYPES;
export const WALLET_TRANSACTION_STATUSES = ['SUCCESS', 'PENDING', 'REJECTED'] as const;

/** One side of a wallet transaction; null when the transaction has no such side (a deposit has no from). */
export const transactionSideSchema = z
  .object({ currency_code: z.string(), amount: decimalString })
  .nullable();

export const walletTransactionSchema = z.object({
  _id: z.string(),
  operation_type: z.enum(OPERATION_TYPES),
  /** What happened, e.g. DEPOSIT. */
  operation: z.string(),
  from: transactionSideSchema,
  to: transactionSideSchema,
  /** A limit order fill's price, in the market's quote currency per coin; absent on other rows. */
  price: decimalString.optional(),
  status: z.enum(WALLET_TRANSACTION_STATUSES),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const WALLET_TRANSACTIONS_MAX_LIMIT = 500;

/**
 * Optional paging; without it the newest 100 come back. `search` keeps rows whose operation, its type,
 * the status or either coin code contains it.
 */
export const walletTransactionsQuerySchema = pagingSchema({
  defaultLimit: 100,
  maxLimit: WALLET_TRANSACTIONS_MAX_LIMIT,
  searchMax: 100,
});
export type WalletTransactionsQuery = z.input<typeof walletTransactionsQuerySchema>;

/** The spec's shape (the list under `data`), with the paging figures beside it. */
export const walletTransactionsResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(walletTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type WalletTransactionsResponse = z.infer<typeof walletTransactionsResponseSchema>;

// ---------------------------------------------------------------- GET /dashboard

export const dashboardResponseSchema = envelope(
  z.object({
    /** USD value of everything held (available and locked) at current prices, 2 decimals. */
    current_value: usdValueString,
    /** Net USD deposited through the payment provider, 2 decimals. */
    total_invested: usdValueString,
  }),
);
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
