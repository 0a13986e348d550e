import { ASSET_CODES, HISTORY_OPERATIONS } from '@exchange/domain';
import { z } from 'zod';
import { sortFields, statusField } from './admin-lists';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, pagingSchema } from './paging';
import { WALLET_TRANSACTION_STATUSES } from './wallet';

/**
 * The admin Transactions screen (issue 46 point 1): every movement the ledger vouches for, one history
 * row each (trades, swaps, stakes, transfers, referral rewards, deposits of money and coins,
 * withdrawals, debts collected and written off), filtered by kind (the row's operation), asset (either
 * side), status and a UTC date range, searched by the customer's name or e-mail or the row's
 * reference, sorted on the server. The same query serves the page and its CSV download.
 */
export const ADMIN_TRANSACTION_KINDS = Object.values(HISTORY_OPERATIONS) as [
  (typeof HISTORY_OPERATIONS)[keyof typeof HISTORY_OPERATIONS],
  ...(typeof HISTORY_OPERATIONS)[keyof typeof HISTORY_OPERATIONS][],
];
export const ADMIN_TRANSACTION_SORTS = ['createdAt', 'kind', 'status'] as const;
export type AdminTransactionSort = (typeof ADMIN_TRANSACTION_SORTS)[number];

/** A UTC day, YYYY-MM-DD: `from` counts from its start, `to` up to its end. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');

export const adminTransactionListRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  searchMax: ADMIN_SEARCH_MAX,
  orderBy: { values: { asc: 'asc', desc: 'desc', createdAt: 'asc', '-createdAt': 'desc' }, default: 'desc' },
  filters: {
    ...sortFields(ADMIN_TRANSACTION_SORTS, 'createdAt'),
    ...statusField(WALLET_TRANSACTION_STATUSES),
    kind: z.enum(ADMIN_TRANSACTION_KINDS).optional(),
    asset: z.enum(ASSET_CODES).optional(),
    from: day.optional(),
    to: day.optional(),
  },
});
export type AdminTransactionListRequest = z.input<typeof adminTransactionListRequestSchema>;
export type AdminTransactionListQuery = z.output<typeof adminTransactionListRequestSchema>;
