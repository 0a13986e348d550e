import { randomUUID } from 'node:crypto';
import { formatMessage, messages } from '@exchange/contracts';
import {
  type AssetCode,
  buyOrderLock,
  findMarket,
  holdPostings,
  isStopDue,
  type MarketReach,
  marketBuyForBudget,
  marketOrderReach,
  marketUnits,
  ORDER_HOLD_KIND,
  type PriceTicks,
  type QuantityLots,
  type StopKind,
  sellOrderLock,
  stopMarketOrder,
  type TimeInForce,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { commitMarkerOf } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { ApiOrderRecord } from './batch-rows';
import type { MarketEngine, MarketState } from './market-engine';
import { settleWithStops } from './stop-settle';
import type { OrderRecord } from './trading.repository';

/** How deep a market order looks into the opposite side for its price cap. */
const MARKET_REACH_LEVELS = 10_000;

/**
 * An order the market's rules already accepted, in the engine's units: a limit order (its price and
 * time in force) or a market order, by base quantity or by a quote budget (exact cost, fees not
 * included), which becomes an IOC order capped where the book covers it when its command runs.
 */
export interface BookOrder {
  readonly marketId: string;
  readonly side: 'buy' | 'sell';
  readonly price:
    | { readonly kind: 'limit'; readonly ticks: PriceTicks; readonly timeInForce: TimeInForce }
    | { readonly kind: 'market'; readonly budget?: bigint };
  /** The base quantity; ignored for a market buy by budget. */
  readonly quantity: QuantityLots;
  /** The id the order gets (a caller that recorded it beforehand passes it); a fresh one otherwise. */
  readonly orderId?: string;
  /**
   * A stop (issue 48): held at placement, it waits off the book until the last trade price reaches
   * `price`, then enters at the limit price (a stop-limit) or, for a market order by quantity (a
   * stop-market), as the domain's stopMarketOrder: an IOC order, a buy's capped and held at the stop
   * price plus its band. Refused ('stop_would_trigger') when the last price already reaches it, and
   * when the market has had no trade yet.
   */
  readonly stop?: { readonly kind: StopKind; readonly price: PriceTicks };
  /**
   * The API's record of the order (its client id, unique per key; its id is `orderId`), written in the
   * order's batch. An id already held fails the command alone with ClientOrderIdTaken (batch-statement).
   */
  readonly apiRecord?: ApiOrderRecord;
}

function reachOf(market: MarketState, order: BookOrder): MarketReach | null {
  const depth = market.book.depth(MARKET_REACH_LEVELS);
  const levels = order.side === 'buy' ? depth.asks : depth.bids;
  if (order.price.kind === 'market' && order.price.budget !== undefined)
    return marketBuyForBudget(market.units, levels, order.price.budget);
  return marketOrderReach(levels, order.quantity);
}

/**
 * What placing an order reads from the app's context. With `db`, it is the request's own
 * (platform/idempotency.ts, idempotentContext): the order's batch stamps the request's claim.
 */
export type OrderContext = Pick<AppContext, 'clock' | 'config'> & Partial<Pick<AppContext, 'db'>>;

/**
 * Places an order on its market's loop, in the batch's transaction: the order row, its hold (buy:
 * buyOrderLock at its price or cap, in USDT; sell: the base quantity) from AVAILABLE to LOCKED,
 * matching, and the settlement of any fills. The balance rule is decided on the balance as the batch
 * sees it and the batch's conditional debit at commit guarantees it, so concurrent orders can never
 * overdraw. Answers the order as it stands after the commit, or null for a market order with nothing
 * on the other side to trade against (refused before anything moved).
 */
export async function placeBookOrder(
  ctx: OrderContext,
  engine: MarketEngine,
  userId: string,
  order: BookOrder,
): Promise<OrderRecord | null> {
  const rules = findMarket(order.marketId);
  if (!rules) throw new AppError('unprocessable', messages.marketNotFound);
  const units = marketUnits(rules);
  const side = order.side;
  const lockAsset: AssetCode = side === 'buy' ? 'USDT' : rules.base;
  const orderId = order.orderId ?? randomUUID();
  const marketId = rules.id;

  return engine.run(
    marketId,
    async (market, seq, writes) => {
      // Decided before anything moves or is staged, so a refusal leaves the batch as it was.
      const max = ctx.config.maxOpenOrdersPerMarket;
      if ((await writes.countOpenOrders(userId, marketId)) >= max)
        throw new AppError('unprocessable', formatMessage(messages.tooManyOpenOrders, { max: String(max) }));
      let price: PriceTicks;
      let quantity = order.quantity;
      let timeInForce: TimeInForce;
      if (order.price.kind === 'limit') {
        price = order.price.ticks;
        timeInForce = order.price.timeInForce;
      } else if (order.stop) {
        // A stop-market's order is fixed now, from its stop price alone, so its hold can be.
        if (order.price.budget !== undefined)
          throw new Error('invariant violated: a stop-market is by quantity');
        ({ price, timeInForce } = stopMarketOrder(side, order.stop.price));
      } else {
        const reach = reachOf(market, order);
        if (!reach) return { result: null };
        price = reach.cap;
        quantity = reach.quantity;
        timeInForce = 'ioc';
      }
      const stop = order.stop;
      if (stop) {
        if (timeInForce === 'post_only') throw new AppError('unprocessable', messages.stopPostOnly);
        if (market.lastPrice === null) throw new AppError('unprocessable', messages.stopNeedsLastPrice);
        if (isStopDue({ side, kind: stop.kind, stopPrice: stop.price }, market.lastPrice))
          throw new AppError('stop_would_trigger');
      }
      // A post-only order that would trade is refused before its hold, so nothing moves or is staged.
      if (timeInForce === 'post_only' && market.book.wouldTake(side, price))
        throw new AppError('order_would_take');
      const lock =
        side === 'buy' ? buyOrderLock(rules, units, price, quantity) : sellOrderLock(units, quantity);
      const now = ctx.clock.now();
      const record: OrderRecord = {
        id: orderId,
        marketId,
        userId,
        side,
        priceTicks: price,
        quantityLots: quantity,
        filledLots: 0n,
        cancelledLots: 0n,
        filledCost: 0n,
        filledQuote: 0n,
        feeQuote: 0n,
        lockAsset,
        lockedRemaining: lock,
        status: 'open',
        seq,
        createdAt: now,
        updatedAt: now,
        ...(stop && {
          stopPriceTicks: stop.price,
          stopKind: stop.kind,
          triggeredAt: null,
          stopTimeInForce:
            order.price.kind === 'market' ? 'market' : timeInForce === 'post_only' ? 'gtc' : timeInForce,
        }),
      };
      const held = await writes.post({
        kind: ORDER_HOLD_KIND,
        reference: `order-hold:${orderId}`,
        userId,
        postings: holdPostings(userId, lockAsset, lock),
        memo: { market: marketId, order: orderId },
      });
      if (!held) throw new AppError('insufficient_funds', messages.insufficientAmount);
      writes.addOrder(record, order.apiRecord);
      if (stop) {
        // It waits off the book; the hold is its only effect until a trade triggers it.
        market.stops.add({
          orderId,
          userId,
          side,
          kind: stop.kind,
          stopPrice: stop.price,
          seq,
          price,
          quantity,
          timeInForce,
        });
        return {
          result: record,
          effects: { orders: [record], userIds: new Set([userId]), bookChanged: false },
        };
      }
      const applied = market.book.apply({
        kind: 'place',
        seq,
        orderId,
        userId,
        side,
        price,
        quantity,
        timeInForce,
      });
      if (!applied.ok) throw new Error(`invariant violated: a validated order was refused (${applied.code})`);
      const effects = await settleWithStops(market, writes, {
        seq,
        events: applied.value,
        known: [record],
        now,
      });
      // The settled copy carries the fills and status the command gave the order.
      return { result: effects.orders.find((o) => o.id === orderId) ?? record, effects };
    },
    {
      userIds: [userId],
      marker: ctx.db && commitMarkerOf(ctx.db),
      ...(order.apiRecord && { newOrderId: orderId }),
    },
  );
}
