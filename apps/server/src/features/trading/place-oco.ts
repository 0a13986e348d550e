import { randomUUID } from 'node:crypto';
import { formatMessage, messages, type PlaceOcoRequest } from '@exchange/contracts';
import {
  type AssetCode,
  buyOrderLock,
  findMarket,
  formatPriceTicks,
  holdPostings,
  marketUnits,
  ORDER_HOLD_KIND,
  type PriceTicks,
  sellOrderLock,
  validateOrder,
} from '@exchange/domain';
import { commitMarkerOf } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { MarketEngine } from './market-engine';
import { orderRuleError } from './order-rules-messages';
import type { OrderContext } from './place-book-order';
import { parseStopPrice, settleWithStops } from './stop-settle';
import type { OrderRecord } from './trading.repository';

/**
 * What the Binance-compatible API adds to a pair (issue 48): the ids it reserved its client ids under,
 * a LIMIT_MAKER limit leg ('post_only'), and the stop leg's time in force once triggered.
 */
export interface OcoOptions {
  readonly ids?: { readonly listId: string; readonly limitId: string; readonly stopId: string };
  readonly limitTimeInForce?: 'gtc' | 'post_only';
  readonly stopTimeInForce?: 'gtc' | 'ioc' | 'fok';
}

/**
 * Places an OCO pair (issue 48) in one market command: a limit leg at `price` and a stop-loss-limit
 * leg (stop `stop_price`, limit `stop_limit_price`), linked by one order_list_id. A sell pair has its
 * limit above the last price and its stop below; a buy pair the other way round. The funds are held
 * once, on the limit leg, for the larger need of the two (a sell: the quantity; a buy: the quote at the
 * higher of the two limit prices); the stop leg takes that hold over if it triggers. Answers both legs
 * as they stand after the commit, limit leg first.
 */
export async function placeOco(
  ctx: OrderContext,
  engine: MarketEngine,
  userId: string,
  side: 'buy' | 'sell',
  request: PlaceOcoRequest,
  options: OcoOptions = {},
): Promise<{ listId: string; orders: OrderRecord[] }> {
  const rules = findMarket(request.market_id);
  if (!rules) throw new AppError('unprocessable', messages.marketNotFound);
  const units = marketUnits(rules);
  const limitLeg = validateOrder(rules, { type: 'limit', quantity: request.quantity, price: request.price });
  if (!limitLeg.ok) throw orderRuleError(limitLeg.code, limitLeg.params);
  const stopPrice = parseStopPrice(rules, units, request.stop_price);
  const stopLeg = validateOrder(rules, {
    type: 'limit',
    quantity: request.quantity,
    price: request.stop_limit_price,
  });
  if (!stopLeg.ok) throw orderRuleError(stopLeg.code, stopLeg.params);
  const quantity = limitLeg.value.quantity;
  const price = limitLeg.value.price as PriceTicks;
  const stopLimit = stopLeg.value.price as PriceTicks;
  const marketId = rules.id;
  const listId = options.ids?.listId ?? randomUUID();
  const limitId = options.ids?.limitId ?? randomUUID();
  const stopId = options.ids?.stopId ?? randomUUID();
  const limitTimeInForce = options.limitTimeInForce ?? 'gtc';
  const stopTimeInForce = options.stopTimeInForce ?? 'gtc';
  const lockAsset: AssetCode = side === 'buy' ? 'USDT' : rules.base;

  return engine.run(
    marketId,
    async (market, seq, writes) => {
      const max = ctx.config.maxOpenOrdersPerMarket;
      if ((await writes.countOpenOrders(userId, marketId)) + 2 > max)
        throw new AppError('unprocessable', formatMessage(messages.tooManyOpenOrders, { max: String(max) }));
      const last = market.lastPrice;
      if (last === null) throw new AppError('unprocessable', messages.stopNeedsLastPrice);
      const shown = { price: formatPriceTicks(units, last) };
      if (side === 'sell' && price <= last)
        throw new AppError('unprocessable', formatMessage(messages.ocoSellLimitAbove, shown));
      if (side === 'sell' && stopPrice >= last)
        throw new AppError('unprocessable', formatMessage(messages.ocoSellStopBelow, shown));
      if (side === 'buy' && price >= last)
        throw new AppError('unprocessable', formatMessage(messages.ocoBuyLimitBelow, shown));
      if (side === 'buy' && stopPrice <= last)
        throw new AppError('unprocessable', formatMessage(messages.ocoBuyStopAbove, shown));
      // Binance's LIMIT_MAKER leg is refused, before anything is held, when it would trade at once.
      if (limitTimeInForce === 'post_only' && market.book.wouldTake(side, price))
        throw new AppError('order_would_take');
      const lock =
        side === 'buy'
          ? buyOrderLock(rules, units, price > stopLimit ? price : stopLimit, quantity)
          : sellOrderLock(units, quantity);
      const now = ctx.clock.now();
      const leg = (id: string, ticks: PriceTicks, held: bigint): OrderRecord => ({
        id,
        marketId,
        userId,
        side,
        priceTicks: ticks,
        quantityLots: quantity,
        filledLots: 0n,
        cancelledLots: 0n,
        filledCost: 0n,
        filledQuote: 0n,
        feeQuote: 0n,
        lockAsset,
        lockedRemaining: held,
        status: 'open',
        seq,
        createdAt: now,
        updatedAt: now,
        orderListId: listId,
      });
      const limitRecord = leg(limitId, price, lock);
      const stopRecord: OrderRecord = {
        ...leg(stopId, stopLimit, 0n),
        stopPriceTicks: stopPrice,
        stopKind: 'stop_loss',
        triggeredAt: null,
        stopTimeInForce,
      };
      const held = await writes.post({
        kind: ORDER_HOLD_KIND,
        reference: `order-hold:${limitId}`,
        userId,
        postings: holdPostings(userId, lockAsset, lock),
        memo: { market: marketId, order: limitId, list: listId },
      });
      if (!held) throw new AppError('insufficient_funds', messages.insufficientAmount);
      writes.addOrder(limitRecord);
      writes.addOrder(stopRecord);
      market.stops.add({
        orderId: stopId,
        userId,
        side,
        kind: 'stop_loss',
        stopPrice,
        seq,
        price: stopLimit,
        quantity,
        timeInForce: stopTimeInForce,
      });
      market.links.link(listId, userId, limitId, stopId);
      const applied = market.book.apply({
        kind: 'place',
        seq,
        orderId: limitId,
        userId,
        side,
        price,
        quantity,
        timeInForce: limitTimeInForce,
      });
      if (!applied.ok) throw new Error(`invariant violated: a validated order was refused (${applied.code})`);
      const effects = await settleWithStops(market, writes, {
        seq,
        events: applied.value,
        known: [limitRecord, stopRecord],
        now,
      });
      const latest = (record: OrderRecord) => effects.orders.find((o) => o.id === record.id) ?? record;
      const orders = [latest(limitRecord), latest(stopRecord)];
      for (const order of orders) if (!effects.orders.includes(order)) effects.orders.push(order);
      return { result: { listId, orders }, effects };
    },
    { userIds: [userId], marker: ctx.db && commitMarkerOf(ctx.db) },
  );
}
