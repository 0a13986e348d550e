import {
  formatMinor,
  formatPriceTicks,
  formatQuantityLots,
  type PriceTicks,
  type QuantityLots,
} from '@exchange/domain';
import { formatCost, unitsOf } from '../trading/order-view';
import type { OrderRecord } from '../trading/trading.repository';
import type { ApiOrderRow, TradeRow } from './api-orders.repository';
import { symbolOf } from './binance-params';

/** Binance's stop-market types, whose triggered order is a market order (issue 48). */
const STOP_MARKET_TYPES: ReadonlySet<string> = new Set(['STOP_LOSS', 'TAKE_PROFIT']);

/** Whether the order's type shows no price of its own (Binance shows 0 for a market order's). */
function isMarketType(type: string): boolean {
  return type === 'MARKET' || STOP_MARKET_TYPES.has(type);
}

/**
 * Binance's order status: an order with fills and an open remainder is PARTIALLY_FILLED; a cancelled
 * IOC, FOK or MARKET order ended because the book could not fill it at once, which Binance calls
 * EXPIRED, and so did a stop-market cancelled after its trigger (before it, only its owner cancels).
 */
function statusOf(order: OrderRecord, api: ApiOrderRow | undefined): string {
  if (order.status === 'filled') return 'FILLED';
  if (order.status === 'cancelled' && api && STOP_MARKET_TYPES.has(api.type))
    return order.triggeredAt != null ? 'EXPIRED' : 'CANCELED';
  if (order.status === 'cancelled')
    return api?.timeInForce === 'IOC' || api?.timeInForce === 'FOK' ? 'EXPIRED' : 'CANCELED';
  return order.filledLots > 0n ? 'PARTIALLY_FILLED' : 'NEW';
}

/** The client id Binance shows for an order placed on the web, which had none. */
function clientIdOf(order: OrderRecord, api: ApiOrderRow | undefined): string {
  return api?.clientOrderId ?? `web_${order.id.replaceAll('-', '')}`;
}

/** An order as GET /api/v3/order, openOrders and allOrders answer it. */
export function binanceOrder(order: OrderRecord, api: ApiOrderRow | undefined) {
  const units = unitsOf(order.marketId);
  const [base, quote] = order.marketId.split('-') as [string, string];
  const type = api?.type ?? 'LIMIT';
  const time = order.createdAt.getTime();
  return {
    symbol: symbolOf({ base, quote }),
    orderId: order.id,
    // An OCO leg names its list (issue 48); other orders are in none, which Binance writes -1.
    orderListId: order.orderListId ?? -1,
    clientOrderId: clientIdOf(order, api),
    // A market order's price is its cap inside the engine; Binance shows none.
    price: isMarketType(type)
      ? formatMinor(0n, units.priceScale)
      : formatPriceTicks(units, order.priceTicks as PriceTicks),
    origQty: formatQuantityLots(units, order.quantityLots as QuantityLots),
    executedQty: formatQuantityLots(units, order.filledLots as QuantityLots),
    cummulativeQuoteQty: formatCost(units, order.filledCost),
    status: statusOf(order, api),
    timeInForce: api?.timeInForce ?? 'GTC',
    type,
    side: order.side === 'buy' ? 'BUY' : 'SELL',
    stopPrice:
      order.stopPriceTicks == null
        ? formatMinor(0n, units.priceScale)
        : formatPriceTicks(units, order.stopPriceTicks as PriceTicks),
    icebergQty: formatMinor(0n, units.quantityScale),
    time,
    updateTime: order.updatedAt.getTime(),
    // A stop waiting for its trigger is not working yet (Binance's isWorking).
    isWorking: order.stopPriceTicks == null || order.triggeredAt != null,
    workingTime: time,
    origQuoteOrderQty: formatMinor(0n, units.quoteScale),
    selfTradePreventionMode: 'EXPIRE_MAKER',
  };
}

/** POST /api/v3/order's answer (Binance's RESULT shape; ACK is its first fields, FULL adds fills). */
export function newOrderAnswer(
  order: OrderRecord,
  api: ApiOrderRow | undefined,
  respType: 'ACK' | 'RESULT' | 'FULL',
) {
  const full = binanceOrder(order, api);
  const ack = {
    symbol: full.symbol,
    orderId: full.orderId,
    orderListId: full.orderListId,
    clientOrderId: full.clientOrderId,
    transactTime: order.updatedAt.getTime(),
  };
  if (respType === 'ACK') return ack;
  const result = {
    ...ack,
    price: full.price,
    origQty: full.origQty,
    executedQty: full.executedQty,
    cummulativeQuoteQty: full.cummulativeQuoteQty,
    status: full.status,
    timeInForce: full.timeInForce,
    type: full.type,
    side: full.side,
    // Binance adds the trigger to the answer of a conditional order.
    ...(order.stopPriceTicks != null && { stopPrice: full.stopPrice }),
    workingTime: full.workingTime,
    selfTradePreventionMode: full.selfTradePreventionMode,
  };
  // The fills are not listed here; GET /api/v3/myTrades?orderId= gives them.
  return respType === 'FULL' ? { ...result, fills: [] } : result;
}

/**
 * One of the user's trades as GET /api/v3/myTrades answers it; fees are charged in USDT. `listIds` maps
 * an order of an OCO list to the list's id, as Binance gives a list leg's fill its orderListId.
 */
export function binanceTrade(
  row: TradeRow,
  userId: string,
  listIds: ReadonlyMap<string, string> = new Map(),
) {
  const units = unitsOf(row.marketId);
  const [base, quote] = row.marketId.split('-') as [string, string];
  const isMaker = row.makerUserId === userId;
  const ownOrder = isMaker ? row.makerOrderId : row.takerOrderId;
  const ownSide = isMaker ? (row.takerSide === 'buy' ? 'sell' : 'buy') : row.takerSide;
  const isBuyer = ownSide === 'buy';
  return {
    symbol: symbolOf({ base, quote }),
    id: Number(row.id),
    orderId: ownOrder,
    orderListId: listIds.get(ownOrder) ?? -1,
    price: formatPriceTicks(units, BigInt(row.priceTicks) as PriceTicks),
    qty: formatQuantityLots(units, BigInt(row.quantityLots) as QuantityLots),
    quoteQty: formatCost(units, BigInt(row.cost)),
    commission: formatMinor(BigInt(isBuyer ? row.buyerFee : row.sellerFee), units.quoteScale),
    commissionAsset: quote,
    time: row.createdAt.getTime(),
    isBuyer,
    isMaker,
    isBestMatch: true,
  };
}
