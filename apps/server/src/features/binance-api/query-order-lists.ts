import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import type { SignedRequestCaller } from '../api-keys/authenticate-signed-request';
import { cancelOrder } from '../trading/cancel-order';
import type { OrderRecord } from '../trading/trading.repository';
import type { TradingRuntime } from '../trading/trading-runtime';
import { apiOrdersOf } from './api-orders.repository';
import { binanceError, marketOfSymbol } from './binance-params';
import { binanceOrderList, cancelledListAnswer } from './order-list-view';
import { apiListByClientId, apiListsOf, legsOfLists, userListIds } from './order-lists.repository';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The lists in Binance's shape, with their API records (client ids, types) read together. */
async function listsInBinanceShape(ctx: Ctx, listIds: readonly string[]) {
  const legs = await legsOfLists(ctx.db, listIds);
  const lists = await apiListsOf(ctx.db, listIds);
  const api = await apiOrdersOf(
    ctx.db,
    [...legs.values()].flat().map((leg) => leg.id),
  );
  return listIds.flatMap((id) => {
    const own = legs.get(id);
    return own ? [binanceOrderList(id, own, lists.get(id), api)] : [];
  });
}

/**
 * The caller's list named by its id or its client id (one of them is mandatory, Binance's -1102 names
 * orderListId), with its legs; undefined when it is unknown or someone else's.
 */
async function findList(
  ctx: Ctx,
  caller: SignedRequestCaller,
  query: { orderListId?: string; clientId?: string },
): Promise<{ listId: string; legs: OrderRecord[] } | undefined> {
  let listId = query.orderListId;
  if (!listId) {
    if (!query.clientId) throw binanceError(400, 'mandatoryMissing', { name: 'orderListId' });
    listId = (await apiListByClientId(ctx.db, caller.userId, query.clientId))?.orderListId;
  }
  if (!listId) return undefined;
  const legs = (await legsOfLists(ctx.db, [listId])).get(listId);
  if (!legs || legs.some((leg) => leg.userId !== caller.userId)) return undefined;
  return { listId, legs };
}

/** GET /api/v3/orderList: one of the caller's lists, or -2013 'Order list does not exist.' */
export async function getApiOrderList(
  ctx: Ctx,
  caller: SignedRequestCaller,
  query: { orderListId?: string; origClientOrderId?: string },
) {
  const found = await findList(ctx, caller, {
    orderListId: query.orderListId,
    clientId: query.origClientOrderId,
  });
  if (!found) throw binanceError(400, 'orderListNotFound');
  const [view] = await listsInBinanceShape(ctx, [found.listId]);
  return view;
}

/** GET /api/v3/allOrderList: the caller's lists, the newest `limit` (500) in a window, oldest first. */
export async function allApiOrderLists(
  ctx: Ctx,
  caller: SignedRequestCaller,
  query: { fromId?: string; startTime?: number; endTime?: number; limit?: number },
) {
  const ids = await userListIds(ctx.db, caller.userId, {
    fromId: query.fromId,
    from: query.startTime !== undefined ? new Date(query.startTime) : undefined,
    to: query.endTime !== undefined ? new Date(query.endTime + 1) : undefined,
    limit: query.limit ?? 500,
  });
  return listsInBinanceShape(ctx, ids);
}

/** GET /api/v3/openOrderList: the caller's lists with a leg still open. */
export async function openApiOrderLists(ctx: Ctx, caller: SignedRequestCaller) {
  return listsInBinanceShape(ctx, await userListIds(ctx.db, caller.userId, { openOnly: true }));
}

/**
 * DELETE /api/v3/orderList: cancels the list on its market's loop with the web's cancelOrder on one
 * open leg, which takes the other leg with it in the same command and transaction (the hold back to
 * available once). An unknown list, someone else's, another market's or one already done: -2011.
 */
export async function cancelApiOrderList(
  ctx: AppContext,
  trading: TradingRuntime,
  caller: SignedRequestCaller,
  query: { symbol: string; orderListId?: string; listClientOrderId?: string },
) {
  const rules = marketOfSymbol(query.symbol);
  const found = await findList(ctx, caller, {
    orderListId: query.orderListId,
    clientId: query.listClientOrderId,
  });
  const open = found?.legs.find((leg) => leg.status === 'open');
  if (!found || !open || open.marketId !== rules.id) throw binanceError(400, 'orderListCancelRejected');
  try {
    await cancelOrder(ctx, trading.engine, caller.userId, rules.id, open.id);
  } catch (error) {
    // A leg that ended meanwhile (filled, or the pair already cancelled) leaves nothing to cancel.
    if (error instanceof AppError) throw binanceError(400, 'orderListCancelRejected');
    throw error;
  }
  const legs = (await legsOfLists(ctx.db, [found.listId])).get(found.listId) ?? found.legs;
  const lists = await apiListsOf(ctx.db, [found.listId]);
  const api = await apiOrdersOf(
    ctx.db,
    legs.map((leg) => leg.id),
  );
  return cancelledListAnswer(found.listId, legs, lists.get(found.listId), api);
}
