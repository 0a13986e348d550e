import { ASSET_CODES, STAKE_STATUSES } from '@exchange/domain';
import { z } from 'zod';
import { sortFields, statusField } from './admin-lists';
import { decimalString, envelope, page } from './envelope';
import { ledgerReportSchema } from './ledger';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, pagingSchema } from './paging';

import { adminSupportTicketSchema } from './support';
import { OPERATION_TYPES, transactionSideSchema, WALLET_TRANSACTION_STATUSES } from './wallet';

/**
 * The back office's operations views (spec sections 2, 3 and 7): the dashboard figures, the
 * three-month activity graph, every transaction, every stake, the top stakes and the solvency panel.
 */

/** A signed decimal amount (system accounts of the ledger may run below zero). */
export const signedDecimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number');

// ---------------------------------------------------------------- list requests

/**
 * {page, limit, search, orderBy} (spec section 7) of the transactions and stakes lists, read as every
 * paged list is (`pagingSchema`: empty fields and a missing body take the defaults). `orderBy` accepts
 * the support list's 'createdAt' / '-createdAt' and the KYC list's 'asc' / 'desc'; newest first by
 * default.
 */
export const adminListRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  searchMax: ADMIN_SEARCH_MAX,
  orderBy: { values: { asc: 'asc', desc: 'desc', createdAt: 'asc', '-createdAt': 'desc' }, default: 'desc' },
});
export type AdminListRequest = z.input<typeof adminListRequestSchema>;
export type AdminListQuery = z.output<typeof adminListRequestSchema>;

/** The columns the admin stakes list sorts by (issue 46 point 7): opened, token, term and status. */
export const ADMIN_STAKE_SORTS = ['createdAt', 'asset', 'days', 'status'] as const;

/**
 * POST /admin/get-all-stake (and GET /admin/get-all-stake/export.csv with the same query): the list's
 * paging and search, sorted by one of its columns (newest first by default), in one status when asked.
 */
export const adminStakeListRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  searchMax: ADMIN_SEARCH_MAX,
  orderBy: { values: { asc: 'asc', desc: 'desc', createdAt: 'asc', '-createdAt': 'desc' }, default: 'desc' },
  filters: { ...sortFields(ADMIN_STAKE_SORTS, 'createdAt'), ...statusField(STAKE_STATUSES) },
});
export type AdminStakeListRequest = z.input<typeof adminStakeListRequestSchema>;
export type AdminStakeListQuery = z.output<typeof adminStakeListRequestSchema>;

/** The user a back-office row belongs to, as the spec's admin lists read it. */
export const adminRowUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  country_code: z.string(),
  mobile_no: z.string(),
  profile_pic: z.string(),
});

// ---------------------------------------------------------------- POST /admin/get-all-transaction

/** A wallet transaction with its user (spec section 3: the admin list adds user_id {name} and contacts). */
export const adminTransactionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  operation_type: z.enum(OPERATION_TYPES),
  operation: z.string(),
  from: transactionSideSchema,
  to: transactionSideSchema,
  status: z.enum(WALLET_TRANSACTION_STATUSES),
  user_id: z.object({ _id: z.string(), name: z.string() }),
  name: z.string(),
  email: z.string(),
  country_code: z.string(),
  mobile_no: z.string(),
  profile_pic: z.string(),
  /** The business event's reference (withdrawal:<id>, debt-settlement:<id>, ...). */
  reference: z.string().nullable(),
  /** USD value of the amount at today's reference price (null: no usable price now). */
  value_usd: decimalString.nullable(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;
export const adminTransactionListResponseSchema = envelope(page(adminTransactionSchema));
export type AdminTransactionListResponse = z.infer<typeof adminTransactionListResponseSchema>;

// ---------------------------------------------------------------- POST /admin/get-all-stake

/** A stake with its user (spec section 3); `transactiondata` is the wallet transaction that opened it. */
export const adminStakeSchema = z.object({
  _id: z.string(),
  user: z.string(),
  userdata: adminRowUserSchema,
  start_date: z.string(),
  end_date: z.string(),
  starting_balance: decimalString,
  closing_balance: decimalString,
  currency_code: z.enum(ASSET_CODES),
  days: z.number().int(),
  interest_rate: decimalString,
  status: z.enum(STAKE_STATUSES),
  transactiondata: z.object({ _id: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminStake = z.infer<typeof adminStakeSchema>;
export const adminStakeListResponseSchema = envelope(page(adminStakeSchema));
export type AdminStakeListResponse = z.infer<typeof adminStakeListResponseSchema>;

// ---------------------------------------------------------------- POST /admin/top-staking

/** How many stakes the Top Staking table shows. */
export const TOP_STAKING_SIZE = 10;

/** One of the largest running stakes by value: user, currency, amount, interest and status. */
export const topStakingItemSchema = z.object({
  _id: z.string(),
  user: z.string(),
  userdata: adminRowUserSchema,
  currency_code: z.enum(ASSET_CODES),
  starting_balance: decimalString,
  /** The interest the stake pays at maturity, in the coin. */
  interest: decimalString,
  interest_rate: decimalString,
  status: z.enum(STAKE_STATUSES),
  /** USD value of the principal at the current reference price, 2 decimals; '0.00' without a price. */
  value_usd: decimalString,
});
export type TopStakingItem = z.infer<typeof topStakingItemSchema>;
export const topStakingResponseSchema = envelope(z.array(topStakingItemSchema));
export type TopStakingResponse = z.infer<typeof topStakingResponseSchema>;

// ---------------------------------------------------------------- POST /admin/admin-dashboard

/** A KYC submission waiting for a decision, as the dashboard's Pending Kyc Requests tab lists it. */
export const dashboardKycSchema = z.object({
  _id: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  createdAt: z.string(),
  userdata: adminRowUserSchema,
});
export type DashboardKyc = z.infer<typeof dashboardKycSchema>;

/** How many rows each of the dashboard's latest lists holds. */
export const DASHBOARD_LATEST_SIZE = 5;

/** The counts and latest lists of spec section 3, with the spec's field names (spellings included). */
export const adminDashboardSchema = z.object({
  totalUserCount: z.number().int(),
  totalKycCount: z.number().int(),
  totalApprovedKycCount: z.number().int(),
  totalPendingKycCount: z.number().int(),
  totalRejectedKycCount: z.number().int(),
  totalTransactionCount: z.number().int(),
  totalSuccessTransactionCount: z.number().int(),
  totalPendingTransactionCount: z.number().int(),
  Totalbuysellcount: z.number().int(),
  TotalSwapcount: z.number().int(),
  totalStakeCount: z.number().int(),
  totalActiveStakeCount: z.number().int(),
  letestPEndingTransaction: z.array(adminTransactionSchema),
  letestTransaction: z.array(adminTransactionSchema),
  letestKyc: z.array(dashboardKycSchema),
  letestPendingSupport: z.array(adminSupportTicketSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
export const adminDashboardResponseSchema = envelope(adminDashboardSchema);
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponseSchema>;

// ---------------------------------------------------------------- POST /admin/admin-graph

/** Counts in the three day-of-month buckets (≤10, 11–20, >20) of one month. */
const bucketCountsSchema = z.tuple([z.number().int(), z.number().int(), z.number().int()]);
const monthlySeriesSchema = z.object({
  currentMonth: bucketCountsSchema,
  previousMonth: bucketCountsSchema,
  secondOldMonth: bucketCountsSchema,
});
export type MonthlySeries = z.infer<typeof monthlySeriesSchema>;

/**
 * The spec's month labels and, per activity (buy and sell, swap, stake), each month's records counted
 * by day bucket. Counts rather than the records themselves, so the answer stays small however busy
 * the exchange is.
 */
export const adminGraphSchema = z.object({
  currentMonth: z.string(),
  previousMonth: z.string(),
  secondOldMonth: z.string(),
  buysell: monthlySeriesSchema,
  swap: monthlySeriesSchema,
  stake: monthlySeriesSchema,
});
export type AdminGraph = z.infer<typeof adminGraphSchema>;
export const adminGraphResponseSchema = envelope(adminGraphSchema);
export type AdminGraphResponse = z.infer<typeof adminGraphResponseSchema>;

// ---------------------------------------------------------------- POST /admin/solvency

/**
 * One asset's position in the ledger: what customers hold (available and locked), what the house holds
 * (its inventory account and its liquidity user's balances), the fees collected, and the other system
 * accounts. `net` is the sum of every account of the asset, which double entry keeps at zero.
 */
export const solvencyAssetSchema = z.object({
  asset: z.enum(ASSET_CODES),
  users_available: decimalString,
  users_locked: decimalString,
  house: signedDecimalString,
  fees: signedDecimalString,
  payment_clearing: signedDecimalString,
  staking_pool: signedDecimalString,
  referral_expense: signedDecimalString,
  net: signedDecimalString,
});
export type SolvencyAsset = z.infer<typeof solvencyAssetSchema>;

/**
 * One coin on one chain (issue 37): what the product holds there, read from the chain (the hot wallet,
 * the deposit addresses not yet swept, the cold wallet when one is configured), beside what customers
 * are owed of the coin (all chains together) and the chain's custody account, with what is on the chain
 * uncredited (below the minimum, or still confirming). `matches`: the chain holds exactly the custody
 * plus the uncredited, less what is in flight, to the chain's own unit. When the node does not answer
 * in time, `available` is false and every on-chain figure is null; the ledger's are still shown.
 */
export const solvencyChainLineSchema = z.object({
  chain: z.string(),
  chain_name: z.string(),
  asset: z.enum(ASSET_CODES),
  available: z.boolean(),
  /** The hot wallet's EIP-55 address; null when the chain is watch-only. */
  hot_wallet_address: z.string().nullable(),
  hot_wallet: decimalString.nullable(),
  deposit_addresses: decimalString.nullable(),
  /** Null also when no cold wallet is configured for the chain. */
  cold_wallet: decimalString.nullable(),
  on_chain: decimalString.nullable(),
  /**
   * Already paid on the chain, not booked yet: the gas and what was sent out by the product's
   * transactions mined but not yet confirmed (the ledger books them at their confirmations).
   */
  in_flight: decimalString.nullable(),
  customer_liabilities: decimalString,
  custody: signedDecimalString,
  uncredited: decimalString,
  /** on_chain + in_flight − custody − uncredited, in the ledger's unit. */
  difference: signedDecimalString.nullable(),
  matches: z.boolean().nullable(),
  /** The hot wallet holds more than its cap: the operator moves the excess to cold (docs/custody.md). */
  above_hot_cap: z.boolean().nullable(),
});
export type SolvencyChainLine = z.infer<typeof solvencyChainLineSchema>;

export const solvencySchema = z.object({
  assets: z.array(solvencyAssetSchema),
  /** Per chain and coin; empty when no chain is configured. */
  chains: z.array(solvencyChainLineSchema),
  ledger: ledgerReportSchema,
});
export type Solvency = z.infer<typeof solvencySchema>;
export const solvencyResponseSchema = envelope(solvencySchema);
export type SolvencyResponse = z.infer<typeof solvencyResponseSchema>;
