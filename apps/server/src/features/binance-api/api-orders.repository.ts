import { and, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { apiOrders, orders, trades } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

export type ApiOrderRow = typeof apiOrders.$inferSelect;

/**
 * Reserves the client's id for an order about to be placed (an OCO's leg; a single order's record is
 * written by its own batch instead): true when this request holds it, false when the key already used
 * the id (api_orders_key_client_idx, ON CONFLICT DO NOTHING: no read first). One row of
 * reserveClientOrderIds.
 */
export async function reserveClientOrderId(db: Db, row: Omit<ApiOrderRow, 'createdAt'>): Promise<boolean> {
  return (await reserveClientOrderIds(db, [row])).has(row.orderId);
}

/**
 * Reserves several client ids in one statement and answers the order ids whose row went in; a row
 * whose (key, client id) is taken, before or by an earlier row of the same call, is left out.
 *
 * Its own statement and transaction on `db` (never call it inside another transaction: the setting
 * below would last to that one's commit), committed without waiting for its WAL flush
 * (synchronous_commit off for this transaction only). The order's batch, committed after it and
 * durably, flushes the WAL up to its own commit and so this row's too: an order that was answered
 * always has its record. A crash before that loses only a reservation whose order was never
 * answered either.
 */
export async function reserveClientOrderIds(
  db: Db,
  rows: readonly Omit<ApiOrderRow, 'createdAt'>[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const column = <K extends keyof Omit<ApiOrderRow, 'createdAt'>>(key: K) =>
    sql.param(rows.map((r) => r[key]));
  const inserted = await db.execute<{ order_id: string }>(sql`
    INSERT INTO api_orders (order_id, user_id, key_id, client_order_id, type, time_in_force)
    SELECT r.order_id, r.user_id, r.key_id, r.client_order_id, r.type, r.time_in_force
      FROM unnest(${column('orderId')}::uuid[], ${column('userId')}::uuid[], ${column('keyId')}::uuid[],
                  ${column('clientOrderId')}::text[], ${column('type')}::text[], ${column('timeInForce')}::text[])
             WITH ORDINALITY AS r(order_id, user_id, key_id, client_order_id, type, time_in_force, i)
     CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
     ORDER BY r.i
    ON CONFLICT (key_id, client_order_id) DO NOTHING
    RETURNING order_id`);
  return new Set(inserted.rows.map((row) => row.order_id));
}

/** Gives a reserved client id back (its placement was refused, or never happened). */
export async function releaseClientOrderId(db: DbOrTx, orderId: string): Promise<void> {
  await db.delete(apiOrders).where(eq(apiOrders.orderId, orderId));
}

export async function apiOrderByClientId(
  db: DbOrTx,
  where: { keyId: string; clientOrderId: string } | { userId: string; clientOrderId: string },
): Promise<ApiOrderRow | undefined> {
  const owner = 'keyId' in where ? eq(apiOrders.keyId, where.keyId) : eq(apiOrders.userId, where.userId);
  const [row] = await db
    .select()
    .from(apiOrders)
    .where(and(owner, eq(apiOrders.clientOrderId, where.clientOrderId)))
    .orderBy(desc(apiOrders.createdAt))
    .limit(1);
  return row;
}

/** The API's records of these orders, by order id (orders placed on the web have none). */
export async function apiOrdersOf(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, ApiOrderRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(apiOrders)
    .where(inArray(apiOrders.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row]));
}

export type TradeRow = typeof trades.$inferSelect;

/** The OCO list of each of these orders that is in one (by primary key; orders in no list are left out). */
export async function orderListIdsOf(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, listId: orders.orderListId })
    .from(orders)
    .where(and(inArray(orders.id, [...new Set(orderIds)]), isNotNull(orders.orderListId)));
  return new Map(rows.flatMap((row) => (row.listId ? [[row.id, row.listId] as const] : [])));
}

/**
 * The user's trades on one market, oldest first: from `fromId` on, or the newest `limit` within the
 * time window. Each side is read through its own index (trades_maker_user_idx, trades_taker_user_idx)
 * and the two are merged by id; a user never trades with their own order (self-trade prevention).
 */
export async function userTrades(
  db: DbOrTx,
  userId: string,
  marketId: string,
  window: { fromId?: number; from?: Date; to?: Date; orderId?: string; limit: number },
): Promise<TradeRow[]> {
  const bounds = [eq(trades.marketId, marketId)];
  if (window.fromId !== undefined) bounds.push(gte(trades.id, BigInt(window.fromId)));
  if (window.from) bounds.push(gte(trades.createdAt, window.from));
  if (window.to) bounds.push(lt(trades.createdAt, window.to));
  if (window.orderId)
    bounds.push(or(eq(trades.makerOrderId, window.orderId), eq(trades.takerOrderId, window.orderId))!);
  // From an id, the oldest first; otherwise the newest, turned oldest first below.
  const order = window.fromId !== undefined ? trades.id : desc(trades.id);
  const side = (column: typeof trades.makerUserId | typeof trades.takerUserId) =>
    db
      .select()
      .from(trades)
      .where(and(eq(column, userId), ...bounds))
      .orderBy(order)
      .limit(window.limit);
  const [made, taken] = await Promise.all([side(trades.makerUserId), side(trades.takerUserId)]);
  const merged = [...made, ...taken].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return window.fromId !== undefined ? merged.slice(0, window.limit) : merged.slice(-window.limit);
}

/**
 * A market's trades (trades_market_idx): from `fromId` on, oldest first, or the newest `limit` in
 * the time window, turned oldest first.
 */
export async function marketTrades(
  db: DbOrTx,
  marketId: string,
  window: { fromId?: number; from?: Date; to?: Date; limit: number },
): Promise<TradeRow[]> {
  const bounds = [eq(trades.marketId, marketId)];
  if (window.fromId !== undefined) bounds.push(gte(trades.id, BigInt(window.fromId)));
  if (window.from) bounds.push(gte(trades.createdAt, window.from));
  if (window.to) bounds.push(lt(trades.createdAt, window.to));
  const rows = await db
    .select()
    .from(trades)
    .where(and(...bounds))
    .orderBy(window.fromId !== undefined ? trades.id : desc(trades.id))
    .limit(window.limit);
  return window.fromId !== undefined ? rows : rows.reverse();
}
