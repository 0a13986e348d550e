import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * How many orders and wallet transactions each user has, kept by statement-level triggers on those
 * tables (migration 0021), so a history page's total is one keyed read instead of counting thousands
 * of rows on every page. Filtered pages (a status, a search) still count their rows.
 */
export const userHistoryCounts = pgTable('user_history_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  walletTransactions: bigint('wallet_transactions', { mode: 'number' }).notNull().default(0),
});
