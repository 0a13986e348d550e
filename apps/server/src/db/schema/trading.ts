import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, minor, updatedAt } from './columns';
import { journalEntries } from './ledger';

/**
 * A firm instant price for one user (buy or sell `quantity` of `asset` against USD), usable once
 * before `expires_at`. Amounts are minor units: quantity at the coin's scale, cost/fee/total in cents,
 * price in USD with 8 decimals (the price feed's scale).
 */
export const instantQuotes = pgTable(
  'instant_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    asset: text('asset').notNull(),
    quantity: minor('quantity').notNull(),
    priceUsd: minor('price_usd').notNull(),
    cost: minor('cost').notNull(),
    fee: minor('fee').notNull(),
    total: minor('total').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  // The hourly prune deletes quotes a day past their expiry (features/housekeeping).
  (t) => [
    index('instant_quotes_user_idx').on(t.userId, t.createdAt),
    index('instant_quotes_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * A limit order of a USDT market. Quantities are lots and the price ticks of the market (see the
 * domain's market-units); `filled_cost` is the exact cost of the fills at the market's cost scale.
 * `filled_quote` and `fee_quote` are what its fills moved so far in USDT minor units (cumulative, so
 * each fill charges the difference); `locked_remaining` is what it still holds in `lock_asset`.
 * `seq` is the market command that placed it: its time priority when the book is rebuilt.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    marketId: text('market_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['limit'] })
      .notNull()
      .default('limit'),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    priceTicks: minor('price_ticks').notNull(),
    quantityLots: minor('quantity_lots').notNull(),
    filledLots: minor('filled_lots').notNull().default('0'),
    cancelledLots: minor('cancelled_lots').notNull().default('0'),
    filledCost: minor('filled_cost').notNull().default('0'),
    filledQuote: minor('filled_quote').notNull().default('0'),
    feeQuote: minor('fee_quote').notNull().default('0'),
    lockAsset: text('lock_asset').notNull(),
    lockedRemaining: minor('locked_remaining').notNull(),
    status: text('status', { enum: ['open', 'filled', 'cancelled'] }).notNull(),
    seq: bigint('seq', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // A stop-limit (issue 48, migration 0073): waits off the book until the last trade price reaches
    // the stop; triggered_at is when it entered the book. OCO legs share order_list_id.
    stopPriceTicks: minor('stop_price_ticks'),
    stopKind: text('stop_kind', { enum: ['stop_loss', 'take_profit'] }),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    orderListId: uuid('order_list_id'),
    stopTimeInForce: text('stop_time_in_force', { enum: ['gtc', 'ioc', 'fok', 'market'] }),
  },
  (t) => [
    index('orders_list_idx').on(t.orderListId).where(sql`${t.orderListId} IS NOT NULL`),
    // Order history pages a user's orders newest first, all of them or one status (see userOrderPage).
    index('orders_user_history_idx').on(t.userId, t.createdAt, t.seq),
    index('orders_user_status_idx').on(t.userId, t.status, t.createdAt, t.seq),
    index('orders_open_idx').on(t.marketId, t.status),
    // Counts a user's open orders on a market (the per-market cap) without reading their history.
    index('orders_user_open_idx').on(t.userId, t.marketId).where(sql`${t.status} = 'open'`),
    // The Binance-compatible API's allOrders lists a user's orders of one market by time.
    index('orders_user_market_idx').on(t.userId, t.marketId, t.createdAt, t.seq),
    check('orders_lock_non_negative', sql`${t.lockedRemaining} >= 0`),
    check('orders_fill_bounds', sql`${t.filledLots} + ${t.cancelledLots} <= ${t.quantityLots}`),
    check(
      'orders_stop_kind',
      sql`(${t.stopPriceTicks} IS NULL AND ${t.stopKind} IS NULL) OR (${t.stopPriceTicks} > 0 AND ${t.stopKind} IN ('stop_loss', 'take_profit'))`,
    ),
  ],
);

/** A fill between a resting (maker) and an incoming (taker) order, at the maker's price. */
export const trades = pgTable(
  'trades',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    marketId: text('market_id').notNull(),
    makerOrderId: uuid('maker_order_id')
      .notNull()
      .references(() => orders.id),
    takerOrderId: uuid('taker_order_id')
      .notNull()
      .references(() => orders.id),
    makerUserId: uuid('maker_user_id').notNull(),
    takerUserId: uuid('taker_user_id').notNull(),
    takerSide: text('taker_side', { enum: ['buy', 'sell'] }).notNull(),
    priceTicks: minor('price_ticks').notNull(),
    quantityLots: minor('quantity_lots').notNull(),
    cost: minor('cost').notNull(),
    buyerFee: minor('buyer_fee').notNull(),
    sellerFee: minor('seller_fee').notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('trades_market_idx').on(t.marketId, t.id),
    // The wallet's transaction list finds a limit fill's trade (its price) by the entry that settled it.
    index('trades_entry_idx').on(t.entryId),
    // The Binance-compatible API's myTrades: a user's fills of one market, by id, from either side.
    index('trades_maker_user_idx').on(t.makerUserId, t.marketId, t.id),
    index('trades_taker_user_idx').on(t.takerUserId, t.marketId, t.id),
  ],
);

/** The last command sequence number applied to each market's book (see the trading market loop). */
export const marketSequences = pgTable('market_sequences', {
  marketId: text('market_id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'bigint' }).notNull().default(sql`0`),
});
