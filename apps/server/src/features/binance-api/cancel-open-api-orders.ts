import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import type { SignedRequestCaller } from '../api-keys/authenticate-signed-request';
import { cancelOrder } from '../trading/cancel-order';
import { type OrderRecord, userOrders } from '../trading/trading.repository';
import type { TradingRuntime } from '../trading/trading-runtime';
import { binanceOrder } from './api-order-view';
import { apiOrdersOf } from './api-orders.repository';
import { binanceError, marketOfSymbol } from './binance-params';

/**
 * DELETE /api/v3/openOrders (ccxt's cancelAllOrders): cancels every open order of the caller on one
 * market, each on the market's loop with the web's cancelOrder (its hold's remainder back to
 * available in the same transaction), oldest first. An order that filled or was cancelled meanwhile
 * is no longer open and is left out. Answers the cancelled orders in the shape of DELETE /order's
 * answer; with none open, Binance's -2011 'Unknown order sent.'
 */
export async function cancelOpenApiOrders(
  ctx: AppContext,
  trading: TradingRuntime,
  caller: SignedRequestCaller,
  symbol: string,
) {
  const rules = marketOfSymbol(symbol);
  const open = await userOrders(ctx.db, caller.userId, { openOnly: true, marketId: rules.id });
  const cancelled: OrderRecord[] = [];
  for (const order of open.reverse()) {
    try {
      cancelled.push(await cancelOrder(ctx, trading.engine, caller.userId, rules.id, order.id));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  if (cancelled.length === 0) throw binanceError(400, 'cancelRejected');
  const api = await apiOrdersOf(
    ctx.db,
    cancelled.map((o) => o.id),
  );
  return cancelled.map((order) => {
    const view = binanceOrder(order, api.get(order.id));
    return { ...view, origClientOrderId: view.clientOrderId };
  });
}
