import { and, eq, inArray, sql } from 'drizzle-orm';
import { apiOrderLists, orders } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { loadOrders, type OrderRecord } from '../trading/trading.repository';

export type ApiOrderListRow = typeof apiOrderLists.$inferSelect;

/**
 * Reserves the client's id for a list about to be placed: true when this request holds it, false when
 * the key already used it (api_order_lists_key_client_idx). A refused placement gives it back.
 */
export async function reserveListClientId(
  db: DbOrTx,
  row: Omit<ApiOrderListRow, 'createdAt'>,
): Promise<boolean> {
  const inserted = await db.insert(apiOrderLists).values(row).onConflictDoNothing().returning();
  return inserted.length > 0;
}

export async function releaseListClientId(db: DbOrTx, orderListId: string): Promise<void> {
  await db.delete(apiOrderLists).where(eq(apiOrderLists.orderListId, orderListId));
}

/** The user's list the client named `listClientOrderId`, if the API placed one. */
export async function apiListByClientId(
  db: DbOrTx,
  userId: string,
  listClientOrderId: string,
): Promise<ApiOrderListRow | undefined> {
  const [row] = await db
    .select()
    .from(apiOrderLists)
    .where(and(eq(apiOrderLists.userId, userId), eq(apiOrderLists.listClientOrderId, listClientOrderId)))
    .limit(1);
  return row;
}

/** The API's records of these lists, by list id (lists placed on the web have none). */
export async function apiListsOf(
  db: DbOrTx,
  listIds: readonly string[],
): Promise<Map<string, ApiOrderListRow>> {
  if (listIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(apiOrderLists)
    .where(inArray(apiOrderLists.orderListId, [...listIds]));
  return new Map(rows.map((row) => [row.orderListId, row]));
}

/** The legs of each list, by list id (in no particular order: the views sort them, stop leg first). */
export async function legsOfLists(
  db: DbOrTx,
  listIds: readonly string[],
): Promise<Map<string, OrderRecord[]>> {
  const lists = new Map<string, OrderRecord[]>();
  if (listIds.length === 0) return lists;
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.orderListId, [...listIds]));
  const legs = await loadOrders(
    db,
    ids.map((row) => row.id),
  );
  for (const order of legs.values()) {
    if (!order.orderListId) continue;
    lists.set(order.orderListId, [...(lists.get(order.orderListId) ?? []), order]);
  }
  return lists;
}

/**
 * The user's list ids, oldest first: those with an open leg (`openOnly`), or the newest `limit` in a
 * time window, or from the list `fromId` on (Binance's ids count up; ours are UUIDs, so "from" is by
 * the named list's placement time).
 */
export async function userListIds(
  db: DbOrTx,
  userId: string,
  query: { openOnly?: boolean; from?: Date; to?: Date; fromId?: string; limit?: number },
): Promise<string[]> {
  const open = query.openOnly ? sql`AND status = 'open'` : sql``;
  const from = query.from ? sql`AND created_at >= ${query.from.toISOString()}::timestamptz` : sql``;
  const to = query.to ? sql`AND created_at < ${query.to.toISOString()}::timestamptz` : sql``;
  const fromId = query.fromId
    ? sql`AND created_at >= (SELECT min(created_at) FROM orders WHERE order_list_id = ${query.fromId}::uuid)`
    : sql``;
  // From an id the oldest `limit` after it; otherwise the newest `limit`.
  const direction = query.fromId ? sql`ASC` : sql`DESC`;
  const limit = query.limit ? sql`LIMIT ${query.limit}` : sql``;
  const rows = await db.execute<{ order_list_id: string }>(sql`
    SELECT order_list_id, min(created_at) AS placed FROM orders
     WHERE user_id = ${userId}::uuid AND order_list_id IS NOT NULL ${open} ${from} ${to} ${fromId}
     GROUP BY order_list_id ORDER BY placed ${direction}, order_list_id ${direction} ${limit}`);
  const ids = rows.rows.map((row) => row.order_list_id);
  return query.fromId ? ids : ids.reverse();
}
