import { and, count, desc, eq, gt, gte, ilike, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { orders, trades, userHistoryCounts } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { containsPattern } from '../../platform/search';

/** An order row with its integers parsed: lots, ticks, exact cost and USDT/base minor units. */
export interface OrderRecord {
  readonly id: string;
  readonly marketId: string;
  readonly userId: string;
  readonly side: 'buy' | 'sell';
  readonly priceTicks: bigint;
  readonly quantityLots: bigint;
  filledLots: bigint;
  cancelledLots: bigint;
  filledCost: bigint;
  filledQuote: bigint;
  feeQuote: bigint;
  readonly lockAsset: string;
  lockedRemaining: bigint;
  status: 'open' | 'filled' | 'cancelled';
  /** The sequence it queues by in the book: its placement's, or for a stop its trigger's. */
  seq: bigint;
  readonly createdAt: Date;
  updatedAt: Date;
  /** A stop-limit's stop price (ticks) and kind (issue 48); absent or null for a plain limit. */
  readonly stopPriceTicks?: bigint | null;
  readonly stopKind?: 'stop_loss' | 'take_profit' | null;
  /** When the stop entered the book; null while it waits. */
  triggeredAt?: Date | null;
  /** The OCO pair the order is a leg of. */
  readonly orderListId?: string | null;
  /** What a stop's limit order does once triggered. */
  /** What a stop does once triggered: its limit order's time in force, or 'market' for a stop-market. */
  readonly stopTimeInForce?: 'gtc' | 'ioc' | 'fok' | 'market' | null;
}

/**
 * Every column of an order as node-postgres reads it without drizzle's row mapping (NUMERIC, BIGINT and
 * times as text): the lists read hundreds of orders at a time, and mapping each column of each row
 * through drizzle cost more than the query.
 */
const ORDER_COLUMNS = sql.raw(
  'orders.id, market_id, user_id, side, price_ticks, quantity_lots, filled_lots, cancelled_lots, filled_cost, filled_quote, fee_quote, lock_asset, locked_remaining, status, seq, created_at, updated_at, stop_price_ticks, stop_kind, triggered_at, order_list_id, stop_time_in_force',
);

type RawOrderRow = {
  id: string;
  market_id: string;
  user_id: string;
  side: OrderRecord['side'];
  price_ticks: string;
  quantity_lots: string;
  filled_lots: string;
  cancelled_lots: string;
  filled_cost: string;
  filled_quote: string;
  fee_quote: string;
  lock_asset: string;
  locked_remaining: string;
  status: OrderRecord['status'];
  seq: string;
  // The driver hands timestamps over as PostgreSQL prints them (drizzle parses them itself).
  created_at: string;
  updated_at: string;
  stop_price_ticks: string | null;
  stop_kind: 'stop_loss' | 'take_profit' | null;
  triggered_at: string | null;
  order_list_id: string | null;
  stop_time_in_force: 'gtc' | 'ioc' | 'fok' | 'market' | null;
};

function fromRaw(row: RawOrderRow): OrderRecord {
  return {
    id: row.id,
    marketId: row.market_id,
    userId: row.user_id,
    side: row.side,
    priceTicks: BigInt(row.price_ticks),
    quantityLots: BigInt(row.quantity_lots),
    filledLots: BigInt(row.filled_lots),
    cancelledLots: BigInt(row.cancelled_lots),
    filledCost: BigInt(row.filled_cost),
    filledQuote: BigInt(row.filled_quote),
    feeQuote: BigInt(row.fee_quote),
    lockAsset: row.lock_asset,
    lockedRemaining: BigInt(row.locked_remaining),
    status: row.status,
    seq: BigInt(row.seq),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    stopPriceTicks: row.stop_price_ticks === null ? null : BigInt(row.stop_price_ticks),
    stopKind: row.stop_kind,
    triggeredAt: row.triggered_at === null ? null : new Date(row.triggered_at),
    orderListId: row.order_list_id,
    stopTimeInForce: row.stop_time_in_force,
  };
}

/** Orders matching `where`, in the order and window `tail` gives (ORDER BY, LIMIT ...). */
async function selectOrders(db: DbOrTx, where: SQL | undefined, tail: SQL = sql``): Promise<OrderRecord[]> {
  const found = await db.execute<RawOrderRow>(
    sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where} ${tail}`,
  );
  return found.rows.map(fromRaw);
}

const NEWEST_FIRST = sql`ORDER BY orders.created_at DESC, orders.seq DESC`;

export function openLots(order: OrderRecord): bigint {
  return order.quantityLots - order.filledLots - order.cancelledLots;
}

/** Writes back what fills and cancels change. */
export async function saveOrder(db: DbOrTx, order: OrderRecord): Promise<void> {
  await db
    .update(orders)
    .set({
      filledLots: order.filledLots.toString(),
      cancelledLots: order.cancelledLots.toString(),
      filledCost: order.filledCost.toString(),
      filledQuote: order.filledQuote.toString(),
      feeQuote: order.feeQuote.toString(),
      lockedRemaining: order.lockedRemaining.toString(),
      status: order.status,
      updatedAt: order.updatedAt,
    })
    .where(eq(orders.id, order.id));
}

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRecord | undefined> {
  const [found] = await selectOrders(db, eq(orders.id, orderId));
  return found;
}

export async function loadOrders(db: DbOrTx, ids: readonly string[]): Promise<Map<string, OrderRecord>> {
  if (ids.length === 0) return new Map();
  const found = await selectOrders(db, inArray(orders.id, [...ids]));
  return new Map(found.map((order) => [order.id, order]));
}

export function openOrdersOfMarket(db: DbOrTx, marketId: string): Promise<OrderRecord[]> {
  return selectOrders(db, and(eq(orders.marketId, marketId), eq(orders.status, 'open')));
}

/** The user's open limit orders (the partial index orders_user_open_idx). */
export async function openOrdersOf(db: DbOrTx, userId: string): Promise<{ id: string; marketId: string }[]> {
  return db
    .select({ id: orders.id, marketId: orders.marketId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open')));
}

/** How many open orders the user has on the market (the partial index orders_user_open_idx). */
export async function countOpenOrders(db: DbOrTx, userId: string, marketId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.marketId, marketId), eq(orders.status, 'open')));
  return row?.n ?? 0;
}

export async function userOrders(
  db: DbOrTx,
  userId: string,
  options: { openOnly?: boolean; marketId?: string; limit?: number } = {},
): Promise<OrderRecord[]> {
  const conditions = [eq(orders.userId, userId)];
  if (options.openOnly) conditions.push(eq(orders.status, 'open'));
  if (options.marketId) conditions.push(eq(orders.marketId, options.marketId));
  return selectOrders(db, and(...conditions), sql`${NEWEST_FIRST} LIMIT ${options.limit ?? 500}`);
}

/**
 * The user's orders of one market created in [from, to), the newest `limit` of them, newest first
 * (the index orders_user_market_idx): the Binance-compatible API's allOrders.
 */
export function userMarketOrders(
  db: DbOrTx,
  userId: string,
  marketId: string,
  window: { from?: Date; to?: Date; limit: number },
): Promise<OrderRecord[]> {
  const conditions = [eq(orders.userId, userId), eq(orders.marketId, marketId)];
  if (window.from) conditions.push(gte(orders.createdAt, window.from));
  if (window.to) conditions.push(lt(orders.createdAt, window.to));
  return selectOrders(db, and(...conditions), sql`${NEWEST_FIRST} LIMIT ${window.limit}`);
}

/**
 * A page of the user's orders, newest first, and how many match in all. The indexes
 * orders_user_history_idx (user, created_at, seq) and orders_user_status_idx (user, status,
 * created_at, seq) serve the filter and the order, so a page costs the same at 10 rows or 10,000.
 * `closed` (filled or cancelled: status <> 'open') spans two statuses, which the status index keeps
 * apart (every filled order, then every cancelled one), so its page walks orders_user_history_idx in
 * page order and passes over the open orders on the way (few: a capped number a market); its count
 * reads the user's entries of orders_user_status_idx whose status is not 'open' (an index-only scan
 * once vacuum has marked the pages visible).
 */
export async function userOrderPage(
  db: DbOrTx,
  userId: string,
  options: { page: number; limit: number; status?: OrderRecord['status'] | 'closed'; search?: string },
): Promise<{ rows: OrderRecord[]; total: number }> {
  const conditions = [eq(orders.userId, userId)];
  if (options.status === 'closed') conditions.push(ne(orders.status, 'open'));
  else if (options.status) conditions.push(eq(orders.status, options.status));
  if (options.search) conditions.push(ilike(orders.marketId, containsPattern(options.search)));
  const where = and(...conditions);
  // Unfiltered, the total is the user's kept count (user_history_counts, one keyed read); a status or a
  // search counts its rows.
  const filtered = options.status !== undefined || options.search !== undefined;
  const counting = () =>
    filtered
      ? db.select({ n: count() }).from(orders).where(where)
      : db
          .select({ n: sql<number>`coalesce(max(${userHistoryCounts.orders}), 0)`.mapWith(Number) })
          .from(userHistoryCounts)
          .where(eq(userHistoryCounts.userId, userId));
  // One round trip: the total rides along as a scalar subquery (PostgreSQL computes it once); only a
  // page past the end, which has no row to carry it, asks for it alone.
  // An int4 count arrives as a JavaScript number.
  const found = await db.execute<RawOrderRow & { total: number }>(sql`
    SELECT ${ORDER_COLUMNS}, (${counting()})::int AS total FROM orders WHERE ${where}
    ${NEWEST_FIRST} LIMIT ${options.limit} OFFSET ${(options.page - 1) * options.limit}`);
  const first = found.rows[0];
  const total = first ? first.total : options.page > 1 ? ((await counting())[0]?.n ?? 0) : 0;
  return { rows: found.rows.map(fromRaw), total };
}

export type TradeRow = typeof trades.$inferSelect;

export async function recentTrades(db: DbOrTx, marketId: string, limit: number): Promise<TradeRow[]> {
  return db.select().from(trades).where(eq(trades.marketId, marketId)).orderBy(desc(trades.id)).limit(limit);
}

/**
 * The market's trades newer than `afterId`, newest first. The bound is part of the index condition on
 * (market_id, id), so only the new rows are read, whatever the planner believes about the market's
 * size; "the newest 50" alone was planned, on a table not yet analysed, as every trade of the market
 * read and sorted (2.3 ms at 8,000 trades, and growing).
 */
export async function tradesAfter(
  db: DbOrTx,
  marketId: string,
  afterId: bigint,
  limit: number,
): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(and(eq(trades.marketId, marketId), gt(trades.id, afterId)))
    .orderBy(desc(trades.id))
    .limit(limit);
}

/**
 * Locks the market for the rest of the transaction and reads its last command sequence number, in
 * one statement: a row lock on its `market_sequences` row, which serialises the markets' writers
 * across processes (a waiting writer reads the number its predecessor committed). A market without a
 * row yet gets one first (at 0), so there is always a row to lock. The batch stores its last number
 * back (trading_write_batch) before it commits.
 */
export async function lockMarketSequence(db: DbOrTx, marketId: string): Promise<bigint> {
  const lock = () =>
    db.execute<{ last_seq: string }>(sql`
      SELECT last_seq::text AS last_seq FROM market_sequences WHERE market_id = ${marketId} FOR UPDATE`);
  let found = await lock();
  if (found.rows.length === 0) {
    await db.execute(sql`
      INSERT INTO market_sequences (market_id, last_seq) VALUES (${marketId}, 0) ON CONFLICT DO NOTHING`);
    found = await lock();
  }
  return BigInt(found.rows[0]!.last_seq);
}

/** The market's last command sequence number as stored, without a lock (0 before its first command). */
export async function currentMarketSequence(db: DbOrTx, marketId: string): Promise<bigint> {
  const found = await db.execute<{ last_seq: string }>(sql`
    SELECT last_seq::text AS last_seq FROM market_sequences WHERE market_id = ${marketId}`);
  return BigInt(found.rows[0]?.last_seq ?? '0');
}

/** What every open order holds, per user and asset: the trading hold source. */
export async function openOrderHolds(
  db: DbOrTx,
): Promise<{ userId: string; asset: string; amount: bigint }[]> {
  const result = await db.execute<{ user_id: string; asset: string; amount: string }>(sql`
    SELECT user_id, lock_asset AS asset, sum(locked_remaining)::text AS amount
    FROM orders WHERE status = 'open' GROUP BY user_id, lock_asset`);
  return result.rows.map((row) => ({ userId: row.user_id, asset: row.asset, amount: BigInt(row.amount) }));
}
