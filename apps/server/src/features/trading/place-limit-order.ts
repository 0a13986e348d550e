import { messages, type PlaceOrderRequest } from '@exchange/contracts';
import { findMarket, marketUnits, validateOrder } from '@exchange/domain';
import { AppError } from '../../platform/errors';
import type { MarketEngine } from './market-engine';
import { orderRuleError } from './order-rules-messages';
import { type OrderContext, placeBookOrder } from './place-book-order';
import { parseStopPrice } from './stop-settle';
import type { OrderRecord } from './trading.repository';

/**
 * Places a limit order on a USDT market: the market's rules in the spec's order (validateOrder), then
 * on the market's loop, in its batch's transaction: the order row, its hold (buy: buyOrderLock in
 * USDT; sell: the base quantity) from AVAILABLE to LOCKED, matching, and the settlement of any fills.
 * The balance rule ('Insufficient amount') is decided on the balance as the batch sees it, and the
 * batch's conditional debit at commit guarantees it, so concurrent orders can never overdraw. Returns
 * the order as it stands after the commit. Its time in force (GTC unless asked) is the engine's:
 * IOC and FOK orders may end cancelled at once, and a post-only order that would trade is refused
 * ('order_would_take') before anything is held.
 */
export async function placeLimitOrder(
  ctx: OrderContext,
  engine: MarketEngine,
  userId: string,
  request: PlaceOrderRequest,
): Promise<OrderRecord> {
  if (request.fiat_currency_code !== 'USDT') throw new AppError('unprocessable', messages.marketNotFound);
  const marketId = request.market_id ?? `${request.crypto_currency_code}-USDT`;
  const rules = findMarket(marketId);
  if (!rules || rules.base !== request.crypto_currency_code)
    throw new AppError('unprocessable', messages.marketNotFound);
  if (request.stop_order_type === 'market') return placeStopMarket(ctx, engine, userId, request, marketId);
  const valid = validateOrder(rules, {
    type: 'limit',
    quantity: request.quantity,
    price: request.limitPrice,
  });
  if (!valid.ok) throw orderRuleError(valid.code, valid.params);
  const price = valid.value.price;
  if (price === null) throw new Error('invariant violated: a limit order has a price');
  // A stop-limit (issue 48): its stop price checked like a price, its kind required with it.
  const hasStop = request.stop_price != null && String(request.stop_price).trim() !== '';
  if (!hasStop && request.stop_kind) throw new AppError('unprocessable', messages.stopKindWithoutPrice);
  if (hasStop && !request.stop_kind) throw new AppError('unprocessable', messages.stopKindRequired);
  const stop =
    hasStop && request.stop_kind
      ? { kind: request.stop_kind, price: parseStopPrice(rules, marketUnits(rules), request.stop_price) }
      : undefined;
  const placed = await placeBookOrder(ctx, engine, userId, {
    marketId,
    side: request.side,
    price: { kind: 'limit', ticks: price, timeInForce: request.time_in_force ?? 'gtc' },
    quantity: valid.value.quantity,
    ...(stop && { stop }),
  });
  if (!placed) throw new Error('invariant violated: a limit order is always placed or refused');
  return placed;
}

/**
 * A stop-market (issue 48): the market's rules for a market order by quantity, a stop price and kind
 * required, no limit price or time in force; it is held at placement (a buy at its stop price plus
 * the band) and waits like a stop-limit, then enters as a market order.
 */
async function placeStopMarket(
  ctx: OrderContext,
  engine: MarketEngine,
  userId: string,
  request: PlaceOrderRequest,
  marketId: string,
): Promise<OrderRecord> {
  const rules = findMarket(marketId);
  if (!rules) throw new AppError('unprocessable', messages.marketNotFound);
  const given = (value: unknown) => value != null && String(value).trim() !== '';
  if (given(request.limitPrice) || request.time_in_force)
    throw new AppError('unprocessable', messages.stopMarketNoLimitPrice);
  if (!given(request.stop_price) || !request.stop_kind)
    throw new AppError('unprocessable', messages.stopMarketNeedsStop);
  const valid = validateOrder(rules, { type: 'market', quantity: request.quantity });
  if (!valid.ok) throw orderRuleError(valid.code, valid.params);
  const stopPrice = parseStopPrice(rules, marketUnits(rules), request.stop_price);
  const placed = await placeBookOrder(ctx, engine, userId, {
    marketId,
    side: request.side,
    price: { kind: 'market' },
    quantity: valid.value.quantity,
    stop: { kind: request.stop_kind, price: stopPrice },
  });
  if (!placed) throw new Error('invariant violated: a stop-market is always placed or refused');
  return placed;
}
