import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import { ReferenceOrderBook } from './reference-book';
import {
  type BookCommand,
  type BookCommandResult,
  type BookSnapshot,
  type MatchingBook,
  priceTicks,
  quantityLots,
  type TimeInForce,
} from './types';

/**
 * Random command streams, run through the fast book and the reference matcher side by side.
 * Commands are generated abstractly (pick the n-th order placed so far) and made concrete while
 * the stream runs, so cancels and moves mostly hit live orders, sometimes filled or cancelled ones,
 * sometimes someone else's. Prices sit in a narrow band so orders cross often; three users make
 * self-trades common; a few quantities and prices are zero or negative to exercise the rejections.
 */
type Step =
  | { op: 'place'; user: number; side: 'buy' | 'sell'; price: bigint; quantity: bigint; tif: TimeInForce }
  | {
      op: 'cancel' | 'move' | 'reduce';
      pick: number;
      asOwner: boolean;
      user: number;
      price: bigint;
      quantity: bigint;
    };

const users = ['ann', 'bob', 'cat'];
const price = fc.oneof(
  { weight: 20, arbitrary: fc.bigInt(95n, 105n) },
  { weight: 1, arbitrary: fc.bigInt(-1n, 0n) },
);
const quantity = fc.oneof(
  { weight: 20, arbitrary: fc.bigInt(1n, 12n) },
  { weight: 1, arbitrary: fc.bigInt(-1n, 0n) },
);

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('place' as const),
      user: fc.nat(2),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      price,
      quantity,
      tif: fc.constantFrom<TimeInForce>('gtc', 'ioc', 'fok', 'post_only'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constantFrom('cancel' as const, 'move' as const, 'reduce' as const),
      pick: fc.nat(),
      asOwner: fc.oneof(
        { weight: 9, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      user: fc.nat(2),
      price,
      quantity,
    }),
  },
);

/** Turns abstract steps into concrete commands; ids are never reused, as the server guarantees. */
function concretise(steps: readonly Step[]): BookCommand[] {
  const placed: { id: string; user: string }[] = [];
  return steps.map((s, index): BookCommand => {
    const seq = BigInt(index + 1);
    if (s.op === 'place') {
      const orderId = `o${index}`;
      const userId = users[s.user] as string;
      placed.push({ id: orderId, user: userId });
      const { side } = s;
      return {
        kind: 'place',
        seq,
        orderId,
        userId,
        side,
        price: priceTicks(s.price),
        quantity: quantityLots(s.quantity),
        timeInForce: s.tif,
      };
    }
    const target = placed.length > 0 ? placed[s.pick % placed.length] : undefined;
    const orderId = target?.id ?? 'unknown';
    const userId = s.asOwner && target ? target.user : (users[s.user] as string);
    if (s.op === 'cancel') return { kind: 'cancel', seq, orderId, userId };
    if (s.op === 'move') return { kind: 'move', seq, orderId, userId, price: priceTicks(s.price) };
    return { kind: 'reduce', seq, orderId, userId, quantity: quantityLots(s.quantity) };
  });
}

/** Per-order bookkeeping from the events alone, to check that no quantity appears or vanishes. */
class Ledger {
  readonly placed = new Map<string, bigint>();
  readonly filled = new Map<string, bigint>();
  readonly cancelled = new Map<string, bigint>();

  record(command: BookCommand, result: BookCommandResult): void {
    if (!result.ok) return;
    if (command.kind === 'place') this.placed.set(command.orderId, command.quantity);
    for (const e of result.value) {
      if (e.type === 'trade') {
        add(this.filled, e.makerOrderId, e.quantity);
        add(this.filled, e.takerOrderId, e.quantity);
      } else if (e.type === 'cancelled' || e.type === 'reduced') {
        add(this.cancelled, e.orderId, e.quantity);
      }
    }
  }

  /** placed = filled + cancelled (or reduced) + resting, for every order ever accepted. */
  problems(snapshot: BookSnapshot): string[] {
    const resting = new Map<string, bigint>();
    for (const o of [...snapshot.bids, ...snapshot.asks]) resting.set(o.orderId, o.remaining);
    const out: string[] = [];
    for (const [id, quantity] of this.placed) {
      const accounted =
        (this.filled.get(id) ?? 0n) + (this.cancelled.get(id) ?? 0n) + (resting.get(id) ?? 0n);
      if (accounted !== quantity) out.push(`${id}: placed ${quantity}, accounted ${accounted}`);
    }
    return out;
  }
}

const show = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v));

/** A cheap exact comparison; `toEqual` runs only on a mismatch, for its readable diff. */
function expectSame<T>(actual: T, expected: T): void {
  if (show(actual) !== show(expected)) expect(actual).toEqual(expected);
}

function add(map: Map<string, bigint>, key: string, value: bigint): void {
  map.set(key, (map.get(key) ?? 0n) + value);
}

/** The aggregated depth the server will publish, recomputed from the orders themselves. */
function depthFrom(orders: BookSnapshot['bids']): { price: bigint; quantity: bigint; orderCount: number }[] {
  const out: { price: bigint; quantity: bigint; orderCount: number }[] = [];
  for (const o of orders) {
    const last = out[out.length - 1];
    if (last && last.price === o.price) {
      last.quantity += o.remaining;
      last.orderCount += 1;
    } else out.push({ price: o.price, quantity: o.remaining, orderCount: 1 });
  }
  return out;
}

/** The book is not crossed, nothing rests empty, no event has a negative or empty quantity, no self-trade. */
function bookProblems(book: MatchingBook, snapshot: BookSnapshot, result: BookCommandResult): string[] {
  const out: string[] = [];
  const bid = book.bestBid();
  const ask = book.bestAsk();
  if (bid !== null && ask !== null && bid >= ask) out.push(`crossed: ${bid} >= ${ask}`);
  for (const o of [...snapshot.bids, ...snapshot.asks])
    if (o.remaining <= 0n) out.push(`${o.orderId} rests with ${o.remaining}`);
  if (!result.ok) return out;
  for (const e of result.value) {
    const bad =
      (e.type === 'trade' &&
        (e.quantity <= 0n ||
          e.makerRemaining < 0n ||
          e.takerRemaining < 0n ||
          e.makerUserId === e.takerUserId)) ||
      (e.type === 'rested' && e.remaining <= 0n) ||
      (e.type === 'cancelled' && e.quantity <= 0n) ||
      (e.type === 'reduced' && (e.quantity <= 0n || e.remaining < 0n));
    if (bad) out.push(`bad event ${show(e)}`);
  }
  return out;
}

describe('the fast book against the reference matcher', () => {
  it('gives the same events and the same book for any command stream, and keeps the invariants', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200, size: 'max' }), (steps) => {
        const fast = new OrderBook();
        const reference = new ReferenceOrderBook();
        const ledger = new Ledger();
        for (const command of concretise(steps)) {
          const result = fast.apply(command);
          expectSame(result, reference.apply(command));
          ledger.record(command, result);
          const snapshot = fast.snapshot();
          expectSame(snapshot, reference.snapshot());
          const problems = [...bookProblems(fast, snapshot, result), ...ledger.problems(snapshot)];
          if (problems.length > 0) expect(problems).toEqual([]);
          expectSame(fast.depth(Number.MAX_SAFE_INTEGER), {
            bids: depthFrom(snapshot.bids),
            asks: depthFrom(snapshot.asks),
          });
        }
        expect(fast.orderCount).toBe(reference.orderCount);
      }),
      { numRuns: 300 },
    );
  });

  it('behaves the same after a rebuild from its own resting orders as without one', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 160, size: 'max' }), fc.nat(), (steps, cut) => {
        const commands = concretise(steps);
        const split = commands.length === 0 ? 0 : cut % commands.length;
        const original = new OrderBook();
        for (const command of commands.slice(0, split)) original.apply(command);
        const { bids, asks } = original.snapshot();
        const rebuilt = new OrderBook();
        // Storage returns rows in any order; the rebuild must queue them by seq.
        rebuilt.restore([...asks, ...bids].reverse());
        expect(rebuilt.snapshot()).toEqual(original.snapshot());
        for (const command of commands.slice(split)) {
          expectSame(rebuilt.apply(command), original.apply(command));
        }
        expect(rebuilt.snapshot()).toEqual(original.snapshot());
      }),
      { numRuns: 200 },
    );
  });
});
