import {
  assert,
  type BookEvent,
  type MarketRules,
  type MarketUnits,
  settleBookEvents,
} from '@exchange/domain';
import type { Tx } from '../../platform/db';
import { postEntry } from '../ledger/ledger.repository';
import { upsertWalletTransaction } from '../wallet/wallet.repository';
import { insertTrade, loadOrders, type OrderRecord, saveOrder } from './trading.repository';

/** What a persisted command changed, for the updates sent after it commits. */
export interface CommandEffects {
  readonly orders: OrderRecord[];
  readonly userIds: Set<string>;
  readonly bookChanged: boolean;
  /** How many trades the command settled (for the fills metric); absent means none. */
  readonly fills?: number;
}

/**
 * Persists the engine's events of one market command inside the command's transaction: loads the
 * orders the events name (`known` holds rows the caller already has, a just-placed order), lets the
 * domain decide every change (`settleBookEvents`), then posts its entries in order, stores its trades
 * rows beside their entries and saves the orders.
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

  const settled = settleBookEvents({ rules, units, seq, events, orders: rows });
  const entryIds = new Map<string, bigint>();
  for (const entry of settled.entries) {
    const posted = await postEntry(tx, entry);
    // The holds cover every fill and release by construction; a refusal is a bug, and rolls back.
    assert(posted.ok, `entry ${entry.reference} posts`);
    entryIds.set(entry.reference, posted.value.entryId);
  }
  for (const trade of settled.trades) {
    const entryId = entryIds.get(trade.entryReference);
    assert(entryId !== undefined, `trade entry ${trade.entryReference} was posted`);
    await insertTrade(tx, {
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
      entryId,
      createdAt: now,
    });
    // Each side sees its fill among its wallet transactions ('Limit buy filled' / 'Limit sell filled').
    const base = { asset: rules.base, amount: trade.baseAmount };
    const buyer = trade.takerSide === 'buy' ? trade.takerUserId : trade.makerUserId;
    const seller = trade.takerSide === 'buy' ? trade.makerUserId : trade.takerUserId;
    await upsertWalletTransaction(tx, {
      reference: `${trade.entryReference}:buy`,
      userId: buyer,
      operationType: 'CRYPTO_TO_CRYPTO',
      operation: 'LIMIT_BUY',
      from: { asset: rules.quote, amount: trade.buyerQuote },
      to: base,
      status: 'SUCCESS',
      entryId,
    });
    await upsertWalletTransaction(tx, {
      reference: `${trade.entryReference}:sell`,
      userId: seller,
      operationType: 'CRYPTO_TO_CRYPTO',
      operation: 'LIMIT_SELL',
      from: base,
      to: { asset: rules.quote, amount: trade.sellerQuote },
      status: 'SUCCESS',
      entryId,
    });
  }
  for (const order of settled.orders) {
    order.updatedAt = now;
    await saveOrder(tx, order);
  }
  return {
    orders: settled.orders,
    userIds: new Set(settled.orders.map((o) => o.userId)),
    bookChanged: events.length > 0,
    fills: events.filter((event) => event.type === 'trade').length,
  };
}
