import { ok, reject } from '../result';
import type {
  BookCommand,
  BookCommandResult,
  BookEvent,
  BookSide,
  BookSnapshot,
  CancelReason,
  MatchingBook,
  PriceTicks,
  QuantityLots,
  RestingOrder,
} from './types';

interface Entry {
  orderId: string;
  userId: string;
  side: BookSide;
  price: bigint;
  remaining: bigint;
  seq: bigint;
}

/** Price-time priority as a comparison: better price first, then lower seq. */
function priority(a: Entry, b: Entry): number {
  if (a.price !== b.price) {
    const better = a.side === 'buy' ? a.price > b.price : a.price < b.price;
    return better ? -1 : 1;
  }
  return a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0;
}

/**
 * The deliberately simple matcher the fast `OrderBook` is checked against: one flat array of resting
 * orders, sorted again by (price, seq) whenever the best maker is needed. Same commands, same
 * rejections in the same order, same events, same self-trade prevention (cancel the resting order).
 * Slow by design and meant for tests only; keep it obviously correct rather than clever.
 */
export class ReferenceOrderBook implements MatchingBook {
  private entries: Entry[] = [];
  private last = -1n;

  get orderCount(): number {
    return this.entries.length;
  }

  apply(command: BookCommand): BookCommandResult {
    if (command.seq <= this.last) throw new Error('invariant violated: command seq must increase');
    this.last = command.seq;
    if (command.kind === 'place') {
      if (command.quantity <= 0n) return reject('invalid_quantity');
      if (command.price <= 0n) return reject('invalid_price');
      if (this.find(command.orderId)) return reject('duplicate_order_id');
      const events: BookEvent[] = [];
      const { orderId, userId, side, price, quantity, seq } = command;
      const taker: Entry = { orderId, userId, side, price, remaining: quantity, seq };
      const reachable = this.entries.filter(
        (e) => e.side !== side && (side === 'buy' ? e.price <= price : e.price >= price),
      );
      if (command.timeInForce === 'post_only' && reachable.length > 0) return reject('would_take');
      const others = reachable.filter((e) => e.userId !== userId).reduce((sum, e) => sum + e.remaining, 0n);
      if (command.timeInForce === 'fok' && others < quantity) return ok([cancelled(taker, 'fok_unfilled')]);
      this.match(taker, events);
      if (taker.remaining > 0n) {
        if (command.timeInForce === 'gtc' || command.timeInForce === 'post_only') {
          this.entries.push(taker);
          events.push(rested(taker));
        } else {
          events.push(cancelled(taker, 'ioc_remainder'));
        }
      }
      return ok(events);
    }
    if (command.kind === 'cancel') {
      const entry = this.owned(command.orderId, command.userId);
      if (!entry) return reject('order_not_found');
      this.drop(entry);
      return ok([cancelled(entry, 'user')]);
    }
    if (command.kind === 'move') {
      if (command.price <= 0n) return reject('invalid_price');
      const entry = this.owned(command.orderId, command.userId);
      if (!entry) return reject('order_not_found');
      this.drop(entry);
      const events: BookEvent[] = [];
      const moved: Entry = { ...entry, price: command.price, seq: command.seq };
      this.match(moved, events);
      if (moved.remaining > 0n) {
        this.entries.push(moved);
        events.push(rested(moved));
      }
      return ok(events);
    }
    if (command.quantity <= 0n) return reject('invalid_quantity');
    const entry = this.owned(command.orderId, command.userId);
    if (!entry) return reject('order_not_found');
    const taken = command.quantity < entry.remaining ? command.quantity : entry.remaining;
    entry.remaining -= taken;
    if (entry.remaining === 0n) this.drop(entry);
    return ok([
      {
        type: 'reduced',
        orderId: entry.orderId,
        userId: entry.userId,
        side: entry.side,
        quantity: taken as QuantityLots,
        remaining: entry.remaining as QuantityLots,
      },
    ]);
  }

  private match(taker: Entry, events: BookEvent[]): void {
    while (taker.remaining > 0n) {
      const maker = this.entries
        .filter((e) => e.side !== taker.side)
        .filter((e) => (taker.side === 'buy' ? e.price <= taker.price : e.price >= taker.price))
        .sort(priority)[0];
      if (!maker) return;
      if (maker.userId === taker.userId) {
        this.drop(maker);
        events.push(cancelled(maker, 'self_trade'));
        continue;
      }
      const fill = maker.remaining < taker.remaining ? maker.remaining : taker.remaining;
      maker.remaining -= fill;
      taker.remaining -= fill;
      events.push({
        type: 'trade',
        makerOrderId: maker.orderId,
        makerUserId: maker.userId,
        takerOrderId: taker.orderId,
        takerUserId: taker.userId,
        takerSide: taker.side,
        price: maker.price as PriceTicks,
        quantity: fill as QuantityLots,
        makerRemaining: maker.remaining as QuantityLots,
        takerRemaining: taker.remaining as QuantityLots,
      });
      if (maker.remaining === 0n) this.drop(maker);
    }
  }

  private find(orderId: string): Entry | undefined {
    return this.entries.find((e) => e.orderId === orderId);
  }

  private owned(orderId: string, userId: string): Entry | undefined {
    const entry = this.find(orderId);
    return entry && entry.userId === userId ? entry : undefined;
  }

  private drop(entry: Entry): void {
    this.entries = this.entries.filter((e) => e !== entry);
  }

  restore(orders: Iterable<RestingOrder>): void {
    if (this.entries.length > 0 || this.last !== -1n)
      throw new Error('invariant violated: restore needs a fresh book');
    for (const order of orders) {
      this.entries.push({ ...order });
      if (order.seq > this.last) this.last = order.seq;
    }
  }

  snapshot(): BookSnapshot {
    return {
      bids: this.entries
        .filter((e) => e.side === 'buy')
        .sort(priority)
        .map(resting),
      asks: this.entries
        .filter((e) => e.side === 'sell')
        .sort(priority)
        .map(resting),
    };
  }

  bestBid(): PriceTicks | null {
    return (this.snapshot().bids[0]?.price ?? null) as PriceTicks | null;
  }

  bestAsk(): PriceTicks | null {
    return (this.snapshot().asks[0]?.price ?? null) as PriceTicks | null;
  }
}

function rested(entry: Entry): BookEvent {
  return {
    type: 'rested',
    orderId: entry.orderId,
    userId: entry.userId,
    side: entry.side,
    price: entry.price as PriceTicks,
    remaining: entry.remaining as QuantityLots,
    seq: entry.seq,
  };
}

function cancelled(entry: Entry, reason: CancelReason): BookEvent {
  return {
    type: 'cancelled',
    orderId: entry.orderId,
    userId: entry.userId,
    side: entry.side,
    quantity: entry.remaining as QuantityLots,
    reason,
  };
}

function resting(entry: Entry): RestingOrder {
  return {
    orderId: entry.orderId,
    userId: entry.userId,
    side: entry.side,
    price: entry.price as PriceTicks,
    remaining: entry.remaining as QuantityLots,
    seq: entry.seq,
  };
}
