import { randomUUID } from 'node:crypto';
import { formatMessage, messages, type PlaceOrderRequest } from '@exchange/contracts';
import {
  type AssetCode,
  buyOrderLock,
  findMarket,
  holdPostings,
  marketUnits,
  sellOrderLock,
  validateOrder,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import type { MarketEngine } from './market-engine';
import { orderRuleError } from './order-rules-messages';
import { persistEvents } from './settle-events';
import type { OrderRecord } from './trading.repository';

/**
 * Places a limit order on a USDT market: the market's rules in the spec's order (validateOrder), then
 * on the market's loop, in its batch's transaction: the order row, its hold (buy: buyOrderLock in
 * USDT; sell: the base quantity) from AVAILABLE to LOCKED, matching, and the settlement of any fills.
 * The balance rule ('Insufficient amount') is decided on the balance as the batch sees it, and the
 * batch's conditional debit at commit guarantees it, so concurrent orders can never overdraw. Returns
 * the order as it stands after the commit.
 */
export async function placeLimitOrder(
  ctx: Pick<AppContext, 'clock' | 'config'>,
  engine: MarketEngine,
  userId: string,
  request: PlaceOrderRequest,
): Promise<OrderRecord> {
  if (request.fiat_currency_code !== 'USDT') throw new AppError('unprocessable', messages.marketNotFound);
  const marketId = request.market_id ?? `${request.crypto_currency_code}-USDT`;
  const rules = findMarket(marketId);
  if (!rules || rules.base !== request.crypto_currency_code)
    throw new AppError('unprocessable', messages.marketNotFound);
  const valid = validateOrder(rules, {
    type: 'limit',
    quantity: request.quantity,
    price: request.limitPrice,
  });
  if (!valid.ok) throw orderRuleError(valid.code, valid.params);
  const price = valid.value.price;
  if (price === null) throw new Error('invariant violated: a limit order has a price');
  const units = marketUnits(rules);
  const side = request.side;
  const lock =
    side === 'buy'
      ? buyOrderLock(rules, units, price, valid.value.quantity)
      : sellOrderLock(units, valid.value.quantity);
  const lockAsset: AssetCode = side === 'buy' ? 'USDT' : rules.base;
  const orderId = randomUUID();

  return engine.run(
    marketId,
    async (market, seq, writes) => {
      // Decided before anything moves or is staged, so a refusal leaves the batch as it was.
      const max = ctx.config.maxOpenOrdersPerMarket;
      if ((await writes.countOpenOrders(userId, marketId)) >= max)
        throw new AppError('unprocessable', formatMessage(messages.tooManyOpenOrders, { max: String(max) }));
      const now = ctx.clock.now();
      const order: OrderRecord = {
        id: orderId,
        marketId,
        userId,
        side,
        priceTicks: price,
        quantityLots: valid.value.quantity,
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
      };
      const held = await writes.post({
        kind: 'ORDER_HOLD',
        reference: `order-hold:${orderId}`,
        userId,
        postings: holdPostings(userId, lockAsset, lock),
        memo: { market: marketId, order: orderId },
      });
      if (!held) throw new AppError('insufficient_funds', messages.insufficientAmount);
      writes.addOrder(order);
      const applied = market.book.apply({
        kind: 'place',
        seq,
        orderId,
        userId,
        side,
        price,
        quantity: valid.value.quantity,
        timeInForce: 'gtc',
      });
      if (!applied.ok) throw new Error(`invariant violated: a validated order was refused (${applied.code})`);
      const effects = await persistEvents(writes, {
        rules,
        units,
        seq,
        events: applied.value,
        known: [order],
        now,
      });
      // The settled copy carries the fills and status the command gave the order.
      return { result: effects.orders.find((o) => o.id === orderId) ?? order, effects };
    },
    { userIds: [userId] },
  );
}
