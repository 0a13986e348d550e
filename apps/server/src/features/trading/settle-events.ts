import {
  assert,
  type BookEvent,
  type MarketRules,
  type MarketUnits,
  settleBookEvents,
} from '@exchange/domain';
import type { BatchWrites } from './batch-writes';
import type { OrderRecord } from './trading.repository';

/** What a persisted command changed, for the updates sent after it commits. */
export interface CommandEffects {
  readonly orders: OrderRecord[];
  readonly userIds: Set<string>;
  readonly bookChanged: boolean;
  /** How many trades the command settled (for the fills metric); absent means none. */
  readonly fills?: number;
}

/**
 * Stages the engine's events of one market command in its batch's writes: loads the orders the events
 * name through the batch (`known` holds rows the caller already has, a just-placed order), lets the
 * domain decide every change (`settleBookEvents`), then stages its entries in order, its trades rows
 * beside their entries and the orders; the batch writes them all together when it commits.
 */
export async function persistEvents(
  writes: BatchWrites,
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
  for (const [id, row] of await writes.loadOrders(missing)) rows.set(id, row);

  const settled = settleBookEvents({ rules, units, seq, events, orders: rows });
  for (const entry of settled.entries) {
    // The holds cover every fill and release by construction; a refusal is a bug, and rolls back.
    assert(await writes.post(entry), `entry ${entry.reference} posts`);
  }
  for (const trade of settled.trades) {
    writes.addTrade({
      marketId: rules.id,
      makerOrderId: trade.makerOrderId,
      takerOrderId: trade.takerOrderId,
      makerUserId: trade.makerUserId,
      takerUserId: trade.takerUserId,
      takerSide: trade.takerSide,
      priceTicks: trade.priceTicks.toString(),
      quantityLots: trade.quantityLots.toString(),
      cost: trade.cost.toString(),
      buyerFee: trade.buyerFee.toString(),
      sellerFee: trade.sellerFee.toString(),
      entryReference: trade.entryReference,
      createdAt: now,
    });
    // Each side sees its fill among its wallet transactions ('Limit buy filled' / 'Limit sell filled').
    const base = { asset: rules.base, amount: trade.baseAmount };
    const buyer = trade.takerSide === 'buy' ? trade.takerUserId : trade.makerUserId;
    const seller = trade.takerSide === 'buy' ? trade.makerUserId : trade.takerUserId;
    writes.addWalletTransaction({
      reference: `${trade.entryReference}:buy`,
      userId: buyer,
      event: { kind: 'limit_buy', base, quote: { asset: rules.quote, amount: trade.buyerQuote } },
      status: 'SUCCESS',
      entryReference: trade.entryReference,
    });
    writes.addWalletTransaction({
      reference: `${trade.entryReference}:sell`,
      userId: seller,
      event: { kind: 'limit_sell', base, quote: { asset: rules.quote, amount: trade.sellerQuote } },
      status: 'SUCCESS',
      entryReference: trade.entryReference,
    });
  }
  for (const order of settled.orders) {
    order.updatedAt = now;
    writes.saveOrder(order);
  }
  return {
    orders: settled.orders,
    userIds: new Set(settled.orders.map((o) => o.userId)),
    bookChanged: events.length > 0,
    fills: events.filter((event) => event.type === 'trade').length,
  };
}
