import type { MarketRules } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import type { SignedRequestCaller } from '../api-keys/authenticate-signed-request';
import { cancelOrder } from '../trading/cancel-order';
import { findOrder, type OrderRecord, userMarketOrders, userOrders } from '../trading/trading.repository';
import type { TradingRuntime } from '../trading/trading-runtime';
import { binanceOrder, binanceTrade } from './api-order-view';
import { apiOrderByClientId, apiOrdersOf, orderListIdsOf, userTrades } from './api-orders.repository';
import { binanceError, marketOfSymbol } from './binance-params';
import type { RecentApiOrders } from './recent-api-orders';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/**
 * Answers orders in Binance's shape with their API records (type, time in force, client id): those
 * of orders this process placed lately from `recent`, the others read together.
 */
async function withApiRecords(ctx: Ctx, orders: readonly OrderRecord[], recent?: RecentApiOrders) {
  const missing = orders.filter((o) => !recent?.get(o.id)).map((o) => o.id);
  const api = await apiOrdersOf(ctx.db, missing);
  return orders.map((order) => binanceOrder(order, recent?.get(order.id) ?? api.get(order.id)));
}

/**
 * The caller's order on the market named by orderId or origClientOrderId (one of them is mandatory),
 * or -2013 'Order does not exist.' for an unknown id, another user's order or another market's.
 */
export async function findApiOrder(
  ctx: Ctx,
  caller: SignedRequestCaller,
  rules: MarketRules,
  query: { orderId?: string; origClientOrderId?: string },
): Promise<OrderRecord> {
  let orderId = query.orderId;
  if (!orderId) {
    if (!query.origClientOrderId) throw binanceError(400, 'mandatoryMissing', { name: 'orderId' });
    const api = await apiOrderByClientId(ctx.db, {
      userId: caller.userId,
      clientOrderId: query.origClientOrderId,
    });
    orderId = api?.orderId;
  }
  const order = orderId ? await findOrder(ctx.db, orderId) : undefined;
  if (!order || order.userId !== caller.userId || order.marketId !== rules.id)
    throw binanceError(400, 'orderNotFound');
  return order;
}

/** GET /api/v3/order. */
export async function getApiOrder(
  ctx: Ctx,
  caller: SignedRequestCaller,
  query: { symbol: string; orderId?: string; origClientOrderId?: string },
  recent?: RecentApiOrders,
) {
  const order = await findApiOrder(ctx, caller, marketOfSymbol(query.symbol), query);
  const [view] = await withApiRecords(ctx, [order], recent);
  return view;
}

/**
 * DELETE /api/v3/order: cancels on the market's loop with the web's cancelOrder (the hold's remainder
 * back to available, in the same transaction), which also decides whose order it is: unknown or
 * someone else's -2013, no longer open -2011.
 */
export async function cancelApiOrder(
  ctx: AppContext,
  trading: TradingRuntime,
  caller: SignedRequestCaller,
  query: { symbol: string; orderId?: string; origClientOrderId?: string },
  recent?: RecentApiOrders,
) {
  const rules = marketOfSymbol(query.symbol);
  let orderId = query.orderId;
  if (!orderId) {
    if (!query.origClientOrderId) throw binanceError(400, 'mandatoryMissing', { name: 'orderId' });
    const api = await apiOrderByClientId(ctx.db, {
      userId: caller.userId,
      clientOrderId: query.origClientOrderId,
    });
    if (!api) throw binanceError(400, 'orderNotFound');
    orderId = api.orderId;
  }
  let cancelled: OrderRecord;
  try {
    cancelled = await cancelOrder(ctx, trading.engine, caller.userId, rules.id, orderId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw binanceError(400, 'orderNotFound');
    if (error instanceof AppError) throw binanceError(400, 'cancelRejected');
    throw error;
  }
  const [view] = await withApiRecords(ctx, [cancelled], recent);
  return { ...view, origClientOrderId: view?.clientOrderId };
}

/** GET /api/v3/openOrders: the caller's open orders, on one market or all, oldest first. */
export async function openApiOrders(ctx: Ctx, caller: SignedRequestCaller, symbol?: string) {
  const marketId = symbol ? marketOfSymbol(symbol).id : undefined;
  const open = await userOrders(ctx.db, caller.userId, { openOnly: true, marketId });
  return withApiRecords(ctx, open.reverse());
}

/** GET /api/v3/allOrders: the caller's orders of one market, the newest `limit` (500), oldest first. */
export async function allApiOrders(
  ctx: Ctx,
  caller: SignedRequestCaller,
  query: { symbol: string; startTime?: number; endTime?: number; limit?: number },
) {
  const rules = marketOfSymbol(query.symbol);
  const found = await userMarketOrders(ctx.db, caller.userId, rules.id, {
    from: query.startTime !== undefined ? new Date(query.startTime) : undefined,
    to: query.endTime !== undefined ? new Date(query.endTime + 1) : undefined,
    limit: query.limit ?? 500,
  });
  return withApiRecords(ctx, found.reverse());
}

/** GET /api/v3/myTrades: the caller's fills on one market, oldest first. */
export async function myApiTrades(
  ctx: Ctx,
  caller: SignedRequestCaller,
  query: {
    symbol: string;
    orderId?: string;
    startTime?: number;
    endTime?: number;
    fromId?: number;
    limit?: number;
  },
) {
  const rules = marketOfSymbol(query.symbol);
  const rows = await userTrades(ctx.db, caller.userId, rules.id, {
    fromId: query.fromId,
    from: query.startTime !== undefined ? new Date(query.startTime) : undefined,
    to: query.endTime !== undefined ? new Date(query.endTime + 1) : undefined,
    orderId: query.orderId,
    limit: query.limit ?? 500,
  });
  const own = rows.map((row) => (row.makerUserId === caller.userId ? row.makerOrderId : row.takerOrderId));
  const listIds = await orderListIdsOf(ctx.db, own);
  return rows.map((row) => binanceTrade(row, caller.userId, listIds));
}
