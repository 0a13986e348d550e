import {
  type AssetCode,
  assert,
  type BookEvent,
  type ExactCost,
  type MarketRules,
  type MarketUnits,
  type PriceTicks,
  type QuantityLots,
  releasePostings,
  settleTrade,
} from '@exchange/domain';
import type { Tx } from '../../platform/db';
import { postEntry } from '../ledger/ledger.repository';
import { insertTrade, loadOrders, type OrderRecord, openLots, saveOrder } from './trading.repository';

/** What a persisted command changed, for the updates sent after it commits. */
export interface CommandEffects {
  readonly orders: OrderRecord[];
  readonly userIds: Set<string>;
  readonly bookChanged: boolean;
  /** How many trades the command settled (for the fills metric); absent means none. */
  readonly fills?: number;
}

/**
 * Persists the engine's events of one market command inside the command's transaction: every trade
 * settles in one ledger entry (see `settleTrade`) and gets a trades row; cancels add to the order's
 * cancelled quantity; an order that left the book (filled or cancelled) gives back whatever its hold
 * still has. `known` holds rows the caller already has (a just-placed order), the rest are loaded.
 */
export async function persistEvents(
  tx: Tx,
  input: {
    rules: MarketRules;
    units: MarketUnits;
    seq: bigint;
    events: readonly BookEvent[];
    known?: readonly OrderRecord[];
    now: Date;
  },
): Promise<CommandEffects> {
  const { rules, units, seq, events, now } = input;
  const ids = new Set<string>();
  for (const event of events) {
    if (event.type === 'trade') {
      ids.add(event.makerOrderId);
      ids.add(event.takerOrderId);
    } else ids.add(event.orderId);
  }
  const rows = new Map((input.known ?? []).map((o) => [o.id, o]));
  const missing = [...ids].filter((id) => !rows.has(id));
  for (const [id, row] of await loadOrders(tx, missing)) rows.set(id, row);
  const get = (id: string): OrderRecord => {
    const row = rows.get(id);
    assert(row, `order ${id} of a book event exists`);
    return row;
  };

  let index = 0;
  for (const event of events) {
    index += 1;
    if (event.type === 'trade') {
      const maker = get(event.makerOrderId);
      const taker = get(event.takerOrderId);
      const buy = event.takerSide === 'buy' ? taker : maker;
      const sell = event.takerSide === 'buy' ? maker : taker;
      const totals = (o: OrderRecord) => ({
        filledCost: o.filledCost as ExactCost,
        filledQuote: o.filledQuote,
        feeQuote: o.feeQuote,
      });
      const settled = settleTrade({
        rules,
        units,
        price: event.price as PriceTicks,
        quantity: event.quantity as QuantityLots,
        takerSide: event.takerSide,
        buyer: { userId: buy.userId, totals: totals(buy) },
        seller: { userId: sell.userId, totals: totals(sell) },
      });
      const posted = await postEntry(tx, {
        kind: 'TRADE',
        reference: `trade:${rules.id}:${seq}:${index}`,
        userId: null,
        postings: settled.postings,
        memo: { market: rules.id, maker: maker.id, taker: taker.id },
      });
      // The holds cover every fill by construction; a refusal here is a bug, and rolls the command back.
      assert(posted.ok, `trade entry of ${rules.id} seq ${seq} posts`);
      buy.filledLots += event.quantity;
      buy.filledCost = settled.buyer.totals.filledCost;
      buy.filledQuote = settled.buyer.totals.filledQuote;
      buy.feeQuote = settled.buyer.totals.feeQuote;
      buy.lockedRemaining -= settled.buyer.quote;
      sell.filledLots += event.quantity;
      sell.filledCost = settled.seller.totals.filledCost;
      sell.filledQuote = settled.seller.totals.filledQuote;
      sell.feeQuote = settled.seller.totals.feeQuote;
      sell.lockedRemaining -= settled.baseAmount;
      assert(buy.lockedRemaining >= 0n && sell.lockedRemaining >= 0n, 'fills stay within their holds');
      await insertTrade(tx, {
        marketId: rules.id,
        makerOrderId: maker.id,
        takerOrderId: taker.id,
        makerUserId: maker.userId,
        takerUserId: taker.userId,
        takerSide: event.takerSide,
        priceTicks: event.price.toString(),
        quantityLots: event.quantity.toString(),
        cost: settled.cost.toString(),
        buyerFee: settled.buyer.fee.toString(),
        sellerFee: settled.seller.fee.toString(),
        entryId: posted.value.entryId,
        createdAt: now,
      });
    } else if (event.type === 'cancelled') {
      get(event.orderId).cancelledLots += event.quantity;
    }
  }

  const touched = [...ids].map(get);
  for (const order of touched) {
    order.updatedAt = now;
    if (openLots(order) > 0n) continue;
    order.status = order.cancelledLots > 0n ? 'cancelled' : 'filled';
    if (order.lockedRemaining > 0n) {
      const posted = await postEntry(tx, {
        kind: 'ORDER_RELEASE',
        reference: `order-release:${order.id}`,
        userId: order.userId,
        postings: releasePostings(order.userId, order.lockAsset as AssetCode, order.lockedRemaining),
      });
      assert(posted.ok, `release of order ${order.id} posts`);
      order.lockedRemaining = 0n;
    }
  }
  for (const order of touched) await saveOrder(tx, order);
  return {
    orders: touched,
    userIds: new Set(touched.map((o) => o.userId)),
    bookChanged: events.length > 0,
    fills: events.filter((event) => event.type === 'trade').length,
  };
}
