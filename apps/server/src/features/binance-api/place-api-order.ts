import { randomUUID } from 'node:crypto';
import type { NewOrderParams } from '@exchange/contracts';
import {
  type ExactCost,
  marketUnits,
  type OrderRuleCode,
  type PriceTicks,
  parseDecimal,
  type QuantityLots,
  validateOrder,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import type { SignedRequestCaller } from '../api-keys/authenticate-signed-request';
import { assertOutflowAllowed } from '../outflow/assert-outflow-allowed';
import type { ApiOrderRecord } from '../trading/batch-rows';
import { ClientOrderIdTaken } from '../trading/batch-statement';
import { type BookOrder, placeBookOrder } from '../trading/place-book-order';
import { parseStopPrice } from '../trading/stop-settle';
import { findOrder, type OrderRecord } from '../trading/trading.repository';
import type { TradingRuntime } from '../trading/trading-runtime';
import { type ApiOrderRow, apiOrderByClientId, releaseClientOrderId } from './api-orders.repository';
import { binanceError, marketOfSymbol } from './binance-params';
import type { RecentApiOrders } from './recent-api-orders';

/**
 * A reservation this old without its order was left by a crash between the two (an OCO's legs, or an
 * order reserved by an earlier version); it may be taken over.
 */
const ABANDONED_RESERVATION_MS = 60_000;

/** The filter (Binance's name) each market rule belongs to; the parameter rules are Binance's own codes. */
export function ruleError(code: OrderRuleCode) {
  switch (code) {
    case 'market_closed':
      return binanceError(400, 'newOrderRejected', { reason: 'Market is closed.' });
    case 'quantity_required':
      return binanceError(400, 'mandatoryMissing', { name: 'quantity' });
    case 'limit_price_required':
      return binanceError(400, 'mandatoryMissing', { name: 'price' });
    case 'invalid_quantity':
      return binanceError(400, 'illegalChars', { name: 'quantity', range: 'a positive decimal' });
    case 'invalid_price':
      return binanceError(400, 'illegalChars', { name: 'price', range: 'a positive decimal' });
    case 'price_too_small':
    case 'price_too_large':
    case 'price_not_on_tick':
      return binanceError(400, 'filterFailure', { filter: 'PRICE_FILTER' });
    case 'cost_too_small':
    case 'cost_too_large':
      return binanceError(400, 'filterFailure', { filter: 'NOTIONAL' });
    default:
      return binanceError(400, 'filterFailure', { filter: 'LOT_SIZE' });
  }
}

const TIME_IN_FORCE = { GTC: 'gtc', IOC: 'ioc', FOK: 'fok' } as const;

/**
 * Turns Binance's new-order parameters into an order the engine takes, after the market's rules
 * (the web's validateOrder, so one rule set decides both): LIMIT needs price, quantity and timeInForce
 * (GTC rests, IOC cancels what does not fill at once, FOK fills whole or not at all); LIMIT_MAKER
 * takes price and quantity and no timeInForce, and is refused if it would trade at once; MARKET takes
 * quantity, or for a buy quoteOrderQty, the USDT to spend before fees (at least the market's minimum
 * cost).
 */
function bookOrderOf(params: NewOrderParams, orderId: string): BookOrder {
  const rules = marketOfSymbol(params.symbol);
  const side = params.side === 'BUY' ? 'buy' : 'sell';
  if (params.type === 'STOP_LOSS_LIMIT' || params.type === 'TAKE_PROFIT_LIMIT') {
    // Binance's stop-limit: timeInForce, price, quantity and stopPrice are all required.
    for (const name of ['timeInForce', 'price', 'quantity', 'stopPrice'] as const)
      if (!params[name]) throw binanceError(400, 'mandatoryMissing', { name });
    if (params.quoteOrderQty) throw binanceError(400, 'unknownParamCombination', { name: 'quoteOrderQty' });
    const valid = validateOrder(rules, { type: 'limit', quantity: params.quantity, price: params.price });
    if (!valid.ok) throw ruleError(valid.code);
    if (valid.value.price === null) throw new Error('invariant violated: a limit order has a price');
    let stopPrice: PriceTicks;
    try {
      stopPrice = parseStopPrice(rules, marketUnits(rules), params.stopPrice);
    } catch {
      throw binanceError(400, 'filterFailure', { filter: 'PRICE_FILTER' });
    }
    return {
      marketId: rules.id,
      side,
      price: {
        kind: 'limit',
        ticks: valid.value.price,
        timeInForce: TIME_IN_FORCE[params.timeInForce ?? 'GTC'],
      },
      quantity: valid.value.quantity,
      orderId,
      stop: { kind: params.type === 'STOP_LOSS_LIMIT' ? 'stop_loss' : 'take_profit', price: stopPrice },
    };
  }
  if (params.type === 'STOP_LOSS' || params.type === 'TAKE_PROFIT') return stopMarketOf(params, orderId);
  if (params.stopPrice) throw binanceError(400, 'unknownParamCombination', { name: 'stopPrice' });
  if (params.type === 'LIMIT' || params.type === 'LIMIT_MAKER') {
    const maker = params.type === 'LIMIT_MAKER';
    if (!maker && !params.timeInForce) throw binanceError(400, 'mandatoryMissing', { name: 'timeInForce' });
    if (maker && params.timeInForce)
      throw binanceError(400, 'unknownParamCombination', { name: 'timeInForce' });
    if (params.quoteOrderQty) throw binanceError(400, 'unknownParamCombination', { name: 'quoteOrderQty' });
    const valid = validateOrder(rules, { type: 'limit', quantity: params.quantity, price: params.price });
    if (!valid.ok) throw ruleError(valid.code);
    if (valid.value.price === null) throw new Error('invariant violated: a limit order has a price');
    const timeInForce = maker ? 'post_only' : TIME_IN_FORCE[params.timeInForce ?? 'GTC'];
    return {
      marketId: rules.id,
      side,
      price: { kind: 'limit', ticks: valid.value.price, timeInForce },
      quantity: valid.value.quantity,
      orderId,
    };
  }
  if (params.price) throw binanceError(400, 'unknownParamCombination', { name: 'price' });
  if (params.timeInForce) throw binanceError(400, 'unknownParamCombination', { name: 'timeInForce' });
  if (params.quoteOrderQty !== undefined && params.quantity === undefined) {
    if (side === 'sell') throw binanceError(400, 'mandatoryMissing', { name: 'quantity' });
    const units = marketUnits(rules);
    // The budget at the market's exact cost scale, rounded down: never spend more than was asked.
    const budget = parseDecimal(params.quoteOrderQty, units.costScale, 'down');
    if (budget === null)
      throw binanceError(400, 'illegalChars', { name: 'quoteOrderQty', range: 'a positive decimal' });
    const minimumCost = parseDecimal(rules.minCost, units.costScale);
    if (minimumCost === null || budget < minimumCost)
      throw binanceError(400, 'filterFailure', { filter: 'NOTIONAL' });
    return {
      marketId: rules.id,
      side,
      price: { kind: 'market', budget: budget as ExactCost },
      quantity: 0n as QuantityLots,
      orderId,
    };
  }
  if (params.quoteOrderQty !== undefined)
    throw binanceError(400, 'unknownParamCombination', { name: 'quoteOrderQty' });
  const valid = validateOrder(rules, { type: 'market', quantity: params.quantity });
  if (!valid.ok) throw ruleError(valid.code);
  return { marketId: rules.id, side, price: { kind: 'market' }, quantity: valid.value.quantity, orderId };
}

/**
 * Binance's stop-market (STOP_LOSS, TAKE_PROFIT): quantity and stopPrice are required, price and
 * timeInForce are refused, and so is quoteOrderQty (our stop-market buys are by quantity: their hold
 * is fixed at placement at the stop price plus the domain's band).
 */
function stopMarketOf(params: NewOrderParams, orderId: string): BookOrder {
  const rules = marketOfSymbol(params.symbol);
  for (const name of ['quantity', 'stopPrice'] as const)
    if (!params[name]) throw binanceError(400, 'mandatoryMissing', { name });
  for (const name of ['price', 'timeInForce', 'quoteOrderQty'] as const)
    if (params[name]) throw binanceError(400, 'unknownParamCombination', { name });
  const valid = validateOrder(rules, { type: 'market', quantity: params.quantity });
  if (!valid.ok) throw ruleError(valid.code);
  let stopPrice: PriceTicks;
  try {
    stopPrice = parseStopPrice(rules, marketUnits(rules), params.stopPrice);
  } catch {
    throw binanceError(400, 'filterFailure', { filter: 'PRICE_FILTER' });
  }
  return {
    marketId: rules.id,
    side: params.side === 'BUY' ? 'buy' : 'sell',
    price: { kind: 'market' },
    quantity: valid.value.quantity,
    orderId,
    stop: { kind: params.type === 'STOP_LOSS' ? 'stop_loss' : 'take_profit', price: stopPrice },
  };
}

/**
 * POST /api/v3/order/test: the order's parameters and the market's rules checked as POST /order
 * checks them, and nothing placed. Answers {} (Binance's answer without computeCommissionRates).
 */
export function testApiOrder(params: NewOrderParams): Record<string, never> {
  bookOrderOf(params, randomUUID());
  return {};
}

/** A trading refusal as Binance's -2010 'New order rejected', with Binance's texts for funds and post-only. */
function rejected(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'insufficient_funds') return binanceError(400, 'insufficientBalance');
  if (error.code === 'order_would_take') return binanceError(400, 'wouldTake');
  // Binance's own text for a stop the last price already reaches.
  if (error.code === 'stop_would_trigger')
    return binanceError(400, 'newOrderRejected', { reason: 'Stop price would trigger immediately.' });
  return binanceError(400, 'newOrderRejected', { reason: error.message });
}

export interface PlacedApiOrder {
  readonly order: OrderRecord;
  readonly api: ApiOrderRow;
}

/**
 * POST /api/v3/order: places a LIMIT or MARKET order for the key's owner on the same engine, ledger
 * and group commit as the web's orders (placeBookOrder), and with the web's rules: the market's,
 * the open-order cap, and an open debt pausing sells.
 *
 * newClientOrderId is idempotent per key: the order's API record (api_orders, unique per key and
 * client id) is written by the order's own batch, so the id is held exactly when the order exists. A
 * retry of the same id answers the order the first request placed instead of placing a second; a
 * retry while this process still places the first is -2010 'Duplicate order sent.'. A refused
 * placement holds no id. A placed order's record is kept in `recent`, so its cancel's answer, and a
 * retry's, need no read.
 */
export async function placeApiOrder(
  ctx: AppContext,
  trading: TradingRuntime,
  caller: SignedRequestCaller,
  params: NewOrderParams,
  recent?: RecentApiOrders,
): Promise<PlacedApiOrder> {
  const orderId = randomUUID();
  const apiRecord: ApiOrderRecord = {
    orderId,
    userId: caller.userId,
    keyId: caller.keyId,
    clientOrderId: params.newClientOrderId ?? `api_${orderId.replaceAll('-', '')}`,
    type: params.type,
    timeInForce: params.type === 'MARKET' ? 'IOC' : (params.timeInForce ?? 'GTC'),
  };
  const order = { ...bookOrderOf(params, orderId), apiRecord };
  const { keyId, clientOrderId } = apiRecord;
  const known = recent?.placedWith(keyId, clientOrderId);
  const knownOrder = known && (await findOrder(ctx.db, known.orderId));
  if (known && knownOrder) return { order: knownOrder, api: known };
  if (recent && !recent.startPlacing(keyId, clientOrderId)) throw binanceError(400, 'duplicateOrder');
  try {
    const placed = await placeWithRecord(ctx, trading, caller.userId, order, true);
    if (placed.api.orderId === orderId) recent?.remember(placed.api);
    return placed;
  } finally {
    recent?.donePlacing(keyId, clientOrderId);
  }
}

/**
 * Places the order with its API record. When the record's client id is held already, answers the
 * order that holds it; a reservation without an order (left by an earlier version, which reserved
 * ids before placing, or an OCO's leg being placed) is refused as a duplicate, or, once it is
 * ABANDONED_RESERVATION_MS old, taken over (`takeOver`, once).
 */
async function placeWithRecord(
  ctx: AppContext,
  trading: TradingRuntime,
  userId: string,
  order: BookOrder & { readonly apiRecord: ApiOrderRecord },
  takeOver: boolean,
): Promise<PlacedApiOrder> {
  const { apiRecord } = order;
  let placed: OrderRecord | null;
  try {
    if (order.side === 'sell') await assertOutflowAllowed(ctx, userId, 'sell');
    placed = await placeBookOrder(ctx, trading.engine, userId, order);
  } catch (error) {
    if (!(error instanceof ClientOrderIdTaken)) throw rejected(error);
    const earlier = await apiOrderByClientId(ctx.db, apiRecord);
    const existing = earlier && (await findOrder(ctx.db, earlier.orderId));
    if (earlier && existing) return { order: existing, api: earlier };
    const abandoned =
      earlier && ctx.clock.now().getTime() - earlier.createdAt.getTime() > ABANDONED_RESERVATION_MS;
    if (!takeOver || !earlier || !abandoned) throw binanceError(400, 'duplicateOrder');
    await releaseClientOrderId(ctx.db, earlier.orderId);
    return placeWithRecord(ctx, trading, userId, order, false);
  }
  if (!placed) throw binanceError(400, 'noLiquidity');
  return { order: placed, api: { ...apiRecord, createdAt: placed.createdAt } };
}
