import { describe, expect, it } from 'vitest';
import { accountName, applyEntry, holdPostings, type Posting, systemAccount, userAccount } from '../ledger';
import { findMarket, type MarketRules } from '../markets';
import { marketUnits } from '../matching/market-units';
import { OrderBook } from '../matching/order-book';
import { buyOrderLock, sellOrderLock } from '../matching/order-funds';
import { type PriceTicks, priceTicks, type QuantityLots, quantityLots } from '../matching/types';
import type { Minor } from '../money';
import { type SettlingOrder, settleBookEvents } from './settle-book-events';

const rules = findMarket('BTC-USDT') as MarketRules;
const units = marketUnits(rules);

/** A ledger in memory where every entry must pass `applyEntry` (balanced, no overdraft). */
class Ledger {
  readonly balances = new Map<string, Minor>();
  post(postings: readonly Posting[]): void {
    const result = applyEntry(this.balances, postings);
    if (!result.ok) throw new Error(`entry rejected: ${JSON.stringify(result)}`);
    for (const [name, amount] of result.value) this.balances.set(name, amount);
  }
  of(key: Parameters<typeof accountName>[0]): Minor {
    return this.balances.get(accountName(key)) ?? 0n;
  }
}

/** Places an order as the server does: its hold posted, the book moved, then the events settled. */
function harness() {
  const book = new OrderBook();
  const ledger = new Ledger();
  const orders = new Map<string, SettlingOrder>();
  let seq = 0n;
  const fund = (userId: string, asset: 'USDT' | 'BTC', amount: Minor) =>
    ledger.post([
      { account: systemAccount('PAYMENT_CLEARING', asset), amount: -amount },
      { account: userAccount(userId, asset), amount },
    ]);
  const settle = (events: Parameters<typeof settleBookEvents>[0]['events']) => {
    const out = settleBookEvents({ rules, units, seq, events, orders });
    for (const entry of out.entries) ledger.post(entry.postings);
    for (const order of out.orders) orders.set(order.id, order);
    return out;
  };
  const place = (id: string, userId: string, side: 'buy' | 'sell', price: bigint, quantity: bigint) => {
    seq += 1n;
    const p = price as PriceTicks;
    const q = quantity as QuantityLots;
    const lock = side === 'buy' ? buyOrderLock(rules, units, p, q) : sellOrderLock(units, q);
    const lockAsset = side === 'buy' ? 'USDT' : 'BTC';
    ledger.post(holdPostings(userId, lockAsset, lock));
    orders.set(id, {
      id,
      userId,
      side,
      quantityLots: quantity,
      filledLots: 0n,
      cancelledLots: 0n,
      filledCost: 0n,
      filledQuote: 0n,
      feeQuote: 0n,
      lockAsset,
      lockedRemaining: lock,
      status: 'open',
    });
    const applied = book.apply({
      kind: 'place',
      seq,
      orderId: id,
      userId,
      side,
      price: p,
      quantity: q,
      timeInForce: 'gtc',
    });
    if (!applied.ok) throw new Error(applied.code);
    return settle(applied.value);
  };
  const cancel = (id: string, userId: string) => {
    seq += 1n;
    const applied = book.apply({ kind: 'cancel', seq, orderId: id, userId });
    if (!applied.ok) throw new Error(applied.code);
    return settle(applied.value);
  };
  return { ledger, orders, fund, place, cancel };
}

// One BTC is 10^6 lots at BTC-USDT's quantity precision; prices are in ticks of the price precision.
const price = priceTicks(60_000_00n);
const lots = (n: bigint) => quantityLots(n);

describe('settleBookEvents', () => {
  it('a resting order changes nothing but is reported, with no entry and no trade', () => {
    const h = harness();
    h.fund('alice', 'USDT', 10n ** 14n);
    const out = h.place('o1', 'alice', 'buy', price, lots(1000n));
    expect(out.entries).toEqual([]);
    expect(out.trades).toEqual([]);
    expect(out.orders.map((o) => [o.id, o.status])).toEqual([['o1', 'open']]);
  });

  it('a full fill posts one trade entry, stores one trade, fills both orders and releases the rounding left over', () => {
    const h = harness();
    h.fund('alice', 'USDT', 10n ** 14n);
    h.fund('bob', 'BTC', 10n ** 10n);
    h.place('buy', 'alice', 'buy', price, lots(1000n));
    const before = h.orders.get('buy');
    const out = h.place('sell', 'bob', 'sell', price, lots(1000n));
    expect(out.trades).toHaveLength(1);
    expect(out.trades[0]).toMatchObject({
      makerOrderId: 'buy',
      takerOrderId: 'sell',
      takerSide: 'sell',
      quantityLots: 1000n,
      entryReference: 'trade:BTC-USDT:2:1',
    });
    // What each side's wallet transaction shows: the base that moved, the buyer's cost with fee and
    // the seller's proceeds less fee, which differ by exactly the fees (the house's revenue).
    const trade = out.trades[0]!;
    expect(trade.baseAmount).toBeGreaterThan(0n);
    expect(trade.buyerQuote - trade.sellerQuote).toBe(trade.buyerFee + trade.sellerFee);
    expect(out.entries[0]?.kind).toBe('TRADE');
    expect(out.entries[0]?.reference).toBe('trade:BTC-USDT:2:1');
    const byId = new Map(out.orders.map((o) => [o.id, o]));
    expect(byId.get('buy')?.status).toBe('filled');
    expect(byId.get('sell')?.status).toBe('filled');
    expect(byId.get('buy')?.lockedRemaining).toBe(0n);
    // The given orders are not changed: the result carries copies.
    expect(before?.status).toBe('open');
    // Nothing stays locked once both orders are done.
    expect(h.ledger.of(userAccount('alice', 'USDT', 'LOCKED'))).toBe(0n);
    expect(h.ledger.of(userAccount('bob', 'BTC', 'LOCKED'))).toBe(0n);
    expect(h.ledger.of(userAccount('alice', 'BTC', 'AVAILABLE'))).toBe(sellOrderLock(units, lots(1000n)));
    expect(h.ledger.of(systemAccount('FEE_REVENUE', 'USDT'))).toBeGreaterThan(0n);
  });

  it('a partial fill keeps the maker open with its remaining hold', () => {
    const h = harness();
    h.fund('alice', 'USDT', 10n ** 14n);
    h.fund('bob', 'BTC', 10n ** 10n);
    h.place('buy', 'alice', 'buy', price, lots(1000n));
    const out = h.place('sell', 'bob', 'sell', price, lots(400n));
    const byId = new Map(out.orders.map((o) => [o.id, o]));
    expect(byId.get('buy')).toMatchObject({ status: 'open', filledLots: 400n });
    expect(byId.get('buy')?.lockedRemaining).toBe(h.ledger.of(userAccount('alice', 'USDT', 'LOCKED')));
    expect(byId.get('sell')).toMatchObject({ status: 'filled', lockedRemaining: 0n });
    expect(out.entries.map((e) => e.kind)).toEqual(['TRADE']);
  });

  it('a cancel records the unfilled quantity and gives the whole remaining hold back', () => {
    const h = harness();
    h.fund('alice', 'USDT', 10n ** 14n);
    h.fund('bob', 'BTC', 10n ** 10n);
    h.place('buy', 'alice', 'buy', price, lots(1000n));
    h.place('sell', 'bob', 'sell', price, lots(250n));
    const out = h.cancel('buy', 'alice');
    expect(out.orders).toHaveLength(1);
    expect(out.orders[0]).toMatchObject({
      status: 'cancelled',
      cancelledLots: 750n,
      filledLots: 250n,
      lockedRemaining: 0n,
    });
    expect(out.entries.map((e) => [e.kind, e.reference])).toEqual([['ORDER_RELEASE', 'order-release:buy']]);
    expect(h.ledger.of(userAccount('alice', 'USDT', 'LOCKED'))).toBe(0n);
  });

  it('a taker sweeping several makers numbers its trade entries by event and settles each once', () => {
    const h = harness();
    h.fund('alice', 'USDT', 10n ** 14n);
    h.fund('bob', 'BTC', 10n ** 10n);
    h.place('s1', 'bob', 'sell', price, lots(100n));
    h.place('s2', 'bob', 'sell', priceTicks(price + 1n), lots(100n));
    const out = h.place('b', 'alice', 'buy', priceTicks(price + 1n), lots(300n));
    expect(out.trades.map((t) => t.makerOrderId)).toEqual(['s1', 's2']);
    expect(new Set(out.entries.map((e) => e.reference)).size).toBe(out.entries.length);
    const taker = out.orders.find((o) => o.id === 'b');
    expect(taker).toMatchObject({ status: 'open', filledLots: 200n });
    expect(taker?.lockedRemaining).toBe(h.ledger.of(userAccount('alice', 'USDT', 'LOCKED')));
  });

  it('refuses an event naming an order it was not given', () => {
    expect(() =>
      settleBookEvents({
        rules,
        units,
        seq: 1n,
        events: [
          { type: 'cancelled', orderId: 'x', userId: 'u', side: 'buy', quantity: lots(1n), reason: 'user' },
        ],
        orders: new Map(),
      }),
    ).toThrow(/invariant/);
  });
});
