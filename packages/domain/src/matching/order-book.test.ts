import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import { ReferenceOrderBook } from './reference-book';
import {
  type BookCommandResult,
  type BookEvent,
  type BookSide,
  type MatchingBook,
  priceTicks,
  quantityLots,
  type TimeInForce,
} from './types';

/** Drives a book the way the server loop will: one command at a time, with an increasing seq. */
class Desk {
  private seq = 0n;
  constructor(readonly book: MatchingBook) {}

  place(
    orderId: string,
    userId: string,
    side: BookSide,
    price: bigint,
    quantity: bigint,
    timeInForce: TimeInForce = 'gtc',
  ) {
    return this.book.apply({
      kind: 'place',
      seq: this.next(),
      orderId,
      userId,
      side,
      price: priceTicks(price),
      quantity: quantityLots(quantity),
      timeInForce,
    });
  }

  cancel(orderId: string, userId: string) {
    return this.book.apply({ kind: 'cancel', seq: this.next(), orderId, userId });
  }

  move(orderId: string, userId: string, price: bigint) {
    return this.book.apply({ kind: 'move', seq: this.next(), orderId, userId, price: priceTicks(price) });
  }

  reduce(orderId: string, userId: string, quantity: bigint) {
    return this.book.apply({
      kind: 'reduce',
      seq: this.next(),
      orderId,
      userId,
      quantity: quantityLots(quantity),
    });
  }

  /** Resting orders as "id@price×remaining", best first, for readable assertions. */
  side(side: 'bids' | 'asks'): string[] {
    return this.book.snapshot()[side].map((o) => `${o.orderId}@${o.price}x${o.remaining}`);
  }

  private next(): bigint {
    this.seq += 1n;
    return this.seq;
  }
}

function events(result: BookCommandResult): readonly BookEvent[] {
  if (!result.ok) throw new Error(`expected accepted, got ${result.code}`);
  return result.value;
}

/** Trades as "maker→taker price×quantity", the way a person reads a tape. */
function tape(result: BookCommandResult): string[] {
  return events(result).map((e) => {
    if (e.type === 'trade') return `trade ${e.makerOrderId}→${e.takerOrderId} ${e.price}x${e.quantity}`;
    if (e.type === 'rested') return `rested ${e.orderId} ${e.price}x${e.remaining}`;
    if (e.type === 'cancelled') return `cancelled ${e.orderId} ${e.quantity} (${e.reason})`;
    return `reduced ${e.orderId} by ${e.quantity} to ${e.remaining}`;
  });
}

describe.each([
  ['the fast book', () => new OrderBook()],
  ['the reference matcher', () => new ReferenceOrderBook()],
])('%s', (_name, makeBook) => {
  const desk = () => new Desk(makeBook());

  it('fills a buy at 101 against the oldest ask at 100 first, at the ask price', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    d.place('s2', 'bob', 'sell', 100n, 5n);
    const result = d.place('b1', 'cat', 'buy', 101n, 3n);
    expect(tape(result)).toEqual(['trade s1→b1 100x3']);
    expect(d.side('asks')).toEqual(['s1@100x2', 's2@100x5']);
    expect(d.book.bestBid()).toBeNull();
  });

  it('takes the better price before the older order', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    d.place('s2', 'bob', 'sell', 99n, 5n);
    expect(tape(d.place('b1', 'cat', 'buy', 101n, 7n))).toEqual(['trade s2→b1 99x5', 'trade s1→b1 100x2']);
  });

  it('fills partially across orders and rests the remainder at its own price', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    d.place('s2', 'bob', 'sell', 100n, 5n);
    const result = d.place('b1', 'cat', 'buy', 101n, 12n);
    expect(tape(result)).toEqual(['trade s1→b1 100x5', 'trade s2→b1 100x5', 'rested b1 101x2']);
    expect(events(result)[0]).toMatchObject({ makerRemaining: 0n, takerRemaining: 7n, takerSide: 'buy' });
    expect(d.side('bids')).toEqual(['b1@101x2']);
    expect(d.side('asks')).toEqual([]);
  });

  it('does not trade an order that does not reach the other side', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    expect(tape(d.place('b1', 'cat', 'buy', 99n, 5n))).toEqual(['rested b1 99x5']);
    expect([d.book.bestBid(), d.book.bestAsk()]).toEqual([99n, 100n]);
  });

  it('cancels the unfilled remainder of an IOC order instead of resting it', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    expect(tape(d.place('b1', 'cat', 'buy', 101n, 12n, 'ioc'))).toEqual([
      'trade s1→b1 100x5',
      'cancelled b1 7 (ioc_remainder)',
    ]);
    expect(d.side('bids')).toEqual([]);
    expect(tape(d.place('b2', 'cat', 'buy', 101n, 3n, 'ioc'))).toEqual(['cancelled b2 3 (ioc_remainder)']);
  });

  it('refuses a post-only order that would trade at once, leaving the book as it was, and rests one that would not', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    const refused = d.place('b1', 'cat', 'buy', 100n, 2n, 'post_only');
    expect(refused).toEqual({ ok: false, code: 'would_take' });
    // Its own order across counts too: a post-only order never takes, self-trade cancel included.
    expect(d.place('b2', 'ann', 'buy', 101n, 2n, 'post_only')).toMatchObject({ code: 'would_take' });
    expect(d.side('asks')).toEqual(['s1@100x5']);
    expect(tape(d.place('b3', 'cat', 'buy', 99n, 2n, 'post_only'))).toEqual(['rested b3 99x2']);
    expect(d.book.orderCount).toBe(2);
  });

  it('fills a FOK order whole, or cancels it whole without a single trade', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    d.place('s2', 'cat', 'sell', 101n, 5n);
    d.place('s3', 'bob', 'sell', 102n, 5n);
    // Within 101 only 5 lots are another user's (cat's own ask would be cancelled, not traded).
    expect(tape(d.place('b1', 'cat', 'buy', 101n, 6n, 'fok'))).toEqual(['cancelled b1 6 (fok_unfilled)']);
    expect(d.side('asks')).toEqual(['s1@100x5', 's2@101x5', 's3@102x5']);
    expect(tape(d.place('b2', 'cat', 'buy', 102n, 10n, 'fok'))).toEqual([
      'trade s1→b2 100x5',
      'cancelled s2 5 (self_trade)',
      'trade s3→b2 102x5',
    ]);
    expect(d.side('asks')).toEqual([]);
    expect(tape(d.place('b3', 'cat', 'buy', 102n, 1n, 'fok'))).toEqual(['cancelled b3 1 (fok_unfilled)']);
  });

  it('runs a market-like IOC sell down to its price cap and no further', () => {
    const d = desk();
    d.place('b1', 'ann', 'buy', 105n, 2n);
    d.place('b2', 'bob', 'buy', 100n, 2n);
    d.place('b3', 'ann', 'buy', 80n, 2n);
    expect(tape(d.place('s1', 'cat', 'sell', 90n, 10n, 'ioc'))).toEqual([
      'trade b1→s1 105x2',
      'trade b2→s1 100x2',
      'cancelled s1 6 (ioc_remainder)',
    ]);
    expect(d.side('bids')).toEqual(['b3@80x2']);
  });

  it('cancels what is left of a partially filled order', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    d.place('b1', 'cat', 'buy', 100n, 3n);
    expect(tape(d.cancel('s1', 'ann'))).toEqual(['cancelled s1 2 (user)']);
    expect(d.side('asks')).toEqual([]);
    expect(d.cancel('s1', 'ann')).toEqual({ ok: false, code: 'order_not_found' });
  });

  it('sends a moved order to the back of the queue, even back at its old price', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    d.place('s2', 'bob', 'sell', 100n, 5n);
    expect(tape(d.move('s1', 'ann', 102n))).toEqual(['rested s1 102x5']);
    expect(tape(d.move('s1', 'ann', 100n))).toEqual(['rested s1 100x5']);
    expect(d.side('asks')).toEqual(['s2@100x5', 's1@100x5']);
    expect(tape(d.place('b1', 'cat', 'buy', 100n, 6n))).toEqual(['trade s2→b1 100x5', 'trade s1→b1 100x1']);
  });

  it('trades a moved order that crosses, as the taker, at the resting price', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 101n, 3n);
    d.place('b1', 'bob', 'buy', 99n, 5n);
    expect(tape(d.move('b1', 'bob', 102n))).toEqual(['trade s1→b1 101x3', 'rested b1 102x2']);
    expect(d.side('bids')).toEqual(['b1@102x2']);
  });

  it('cancels the resting order of the same user instead of trading with it (self-trade prevention)', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    d.place('s2', 'bob', 'sell', 100n, 5n);
    const result = d.place('b1', 'ann', 'buy', 101n, 3n);
    expect(tape(result)).toEqual(['cancelled s1 5 (self_trade)', 'trade s2→b1 100x3']);
    expect(events(result).every((e) => e.type !== 'trade' || e.makerUserId !== e.takerUserId)).toBe(true);
    expect(d.side('asks')).toEqual(['s2@100x2']);
  });

  it('rests an order whose only counterparty was its own user', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    expect(tape(d.place('b1', 'ann', 'buy', 100n, 2n))).toEqual([
      'cancelled s1 5 (self_trade)',
      'rested b1 100x2',
    ]);
  });

  it('reduces an order without losing its place, and removes it when reduced to nothing', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    d.place('s2', 'bob', 'sell', 100n, 5n);
    expect(tape(d.reduce('s1', 'ann', 2n))).toEqual(['reduced s1 by 2 to 3']);
    expect(d.side('asks')).toEqual(['s1@100x3', 's2@100x5']);
    expect(tape(d.reduce('s2', 'bob', 9n))).toEqual(['reduced s2 by 5 to 0']);
    expect(d.side('asks')).toEqual(['s1@100x3']);
  });

  it('rejects bad commands with a code and leaves the book as it was', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    const before = d.book.snapshot();
    expect(d.place('x', 'ann', 'buy', 100n, 0n)).toEqual({ ok: false, code: 'invalid_quantity' });
    expect(d.place('x', 'ann', 'buy', 0n, 0n)).toEqual({ ok: false, code: 'invalid_quantity' });
    expect(d.place('x', 'ann', 'buy', -1n, 1n)).toEqual({ ok: false, code: 'invalid_price' });
    expect(d.place('s1', 'ann', 'buy', 90n, 1n)).toEqual({ ok: false, code: 'duplicate_order_id' });
    expect(d.cancel('nope', 'ann')).toEqual({ ok: false, code: 'order_not_found' });
    expect(d.cancel('s1', 'bob')).toEqual({ ok: false, code: 'order_not_found' });
    expect(d.move('s1', 'ann', 0n)).toEqual({ ok: false, code: 'invalid_price' });
    expect(d.move('s1', 'bob', 101n)).toEqual({ ok: false, code: 'order_not_found' });
    expect(d.reduce('s1', 'ann', 0n)).toEqual({ ok: false, code: 'invalid_quantity' });
    expect(d.reduce('nope', 'ann', 1n)).toEqual({ ok: false, code: 'order_not_found' });
    expect(d.book.snapshot()).toEqual(before);
  });

  it('refuses a command whose seq does not increase: a replay is a bug, not a rejection', () => {
    const book = makeBook();
    const command = {
      kind: 'cancel',
      seq: 5n,
      orderId: 'x',
      userId: 'ann',
    } as const;
    expect(book.apply(command)).toEqual({ ok: false, code: 'order_not_found' });
    expect(() => book.apply(command)).toThrow(/seq/);
  });

  it('rebuilds from stored open orders and keeps their time priority by seq', () => {
    const d = desk();
    d.place('s1', 'ann', 'sell', 100n, 5n);
    d.place('s2', 'bob', 'sell', 100n, 5n);
    d.place('b1', 'cat', 'buy', 95n, 5n);
    d.place('b2', 'cat', 'buy', 100n, 2n);
    const stored = [...d.book.snapshot().asks, ...d.book.snapshot().bids].reverse();
    const rebuilt = new Desk(makeBook());
    rebuilt.book.restore(stored);
    expect(rebuilt.book.snapshot()).toEqual(d.book.snapshot());
    expect(rebuilt.book.orderCount).toBe(3);
  });
});

describe('the fast book only', () => {
  it('refuses to restore a crossed book or a duplicate order', () => {
    const order = { userId: 'ann', remaining: quantityLots(1n) };
    const bid = { ...order, orderId: 'b', side: 'buy', price: priceTicks(101n), seq: 1n } as const;
    const ask = { ...order, orderId: 'a', side: 'sell', price: priceTicks(100n), seq: 2n } as const;
    expect(() => new OrderBook().restore([bid, ask])).toThrow(/crossed/);
    expect(() => new OrderBook().restore([bid, { ...bid, seq: 3n }])).toThrow(/duplicate/);
  });

  it('continues the seq after a restore', () => {
    const book = new OrderBook();
    book.restore([
      {
        orderId: 'a',
        userId: 'ann',
        side: 'sell',
        price: priceTicks(100n),
        remaining: quantityLots(1n),
        seq: 41n,
      },
    ]);
    expect(book.lastSeq).toBe(41n);
    expect(() => book.apply({ kind: 'cancel', seq: 41n, orderId: 'a', userId: 'ann' })).toThrow(/seq/);
  });

  it('reports aggregated depth, best level first', () => {
    const d = new Desk(new OrderBook());
    d.place('s1', 'ann', 'sell', 101n, 5n);
    d.place('s2', 'bob', 'sell', 101n, 4n);
    d.place('s3', 'bob', 'sell', 103n, 1n);
    d.place('b1', 'cat', 'buy', 99n, 2n);
    const book = d.book as OrderBook;
    expect(book.depth(1)).toEqual({
      bids: [{ price: 99n, quantity: 2n, orderCount: 1 }],
      asks: [{ price: 101n, quantity: 9n, orderCount: 2 }],
    });
    d.place('b2', 'cat', 'buy', 101n, 6n);
    expect(book.depth(5).asks).toEqual([
      { price: 101n, quantity: 3n, orderCount: 1 },
      { price: 103n, quantity: 1n, orderCount: 1 },
    ]);
    expect(book.order('s2')).toMatchObject({ remaining: 3n, price: 101n });
    expect(book.order('s1')).toBeUndefined();
  });
});
