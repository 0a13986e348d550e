import { ok, type Rejected, reject } from '../result';
import {
  BookHalf,
  cancelledEvent,
  OrderNode,
  PriceLevel,
  restedEvent,
  restingOrder,
  sideDepth,
  sideOrders,
} from './book-levels';
import type {
  BookCommand,
  BookCommandResult,
  BookEvent,
  BookRejectCode,
  BookSide,
  BookSnapshot,
  CancelOrderCommand,
  DepthLevel,
  MatchingBook,
  MoveOrderCommand,
  PlaceOrderCommand,
  PriceTicks,
  QuantityLots,
  ReduceOrderCommand,
  RestingOrder,
} from './types';

// Rejections carry no data, so they are shared constants: a rejected command allocates nothing.
const invalidQuantity: Rejected<BookRejectCode> = Object.freeze(reject('invalid_quantity'));
const invalidPrice: Rejected<BookRejectCode> = Object.freeze(reject('invalid_price'));
const duplicateOrderId: Rejected<BookRejectCode> = Object.freeze(reject('duplicate_order_id'));
const orderNotFound: Rejected<BookRejectCode> = Object.freeze(reject('order_not_found'));
const wouldTake: Rejected<BookRejectCode> = Object.freeze(reject('would_take'));

/**
 * The central limit order book of one market: price-time priority, partial fills, GTC, IOC, FOK and
 * post-only orders, cancel, move and reduce. Pure and deterministic: no I/O, no clock, no randomness; the same
 * commands from the same starting book give the same events.
 *
 * Invariants, after every command:
 * - the book is never crossed: best bid < best ask;
 * - every resting order has remaining > 0, and quantity is conserved per order:
 *   placed = filled + cancelled + reduced + resting;
 * - within a price level orders are queued by `seq`, oldest first.
 *
 * Self-trade prevention, "cancel resting": when an incoming (or moved) order would trade with a
 * resting order of the same user, the resting order is cancelled ('self_trade') and matching goes on
 * with the next order. The incoming order is the user's latest intention; the resting one is older.
 * No trade ever has the same user on both sides.
 *
 * Serving it: a single loop per market applies one command at a time and persists the returned
 * events in one transaction. If that transaction fails, the in-memory book is ahead of storage:
 * throw it away and rebuild it with `restore` from the open orders.
 *
 * Speed: levels live in a sorted array plus a price map, orders in an intrusive doubly-linked FIFO
 * per level plus an id map, so cancel and move are O(1) apart from adding or removing a level.
 * The hot path allocates only the events, their array and the bigints of the arithmetic.
 */
export class OrderBook implements MatchingBook {
  private readonly bids = new BookHalf(true);
  private readonly asks = new BookHalf(false);
  private readonly orders = new Map<string, OrderNode>();
  private last = -1n;

  /** The `seq` of the last command applied (or the highest restored), -1 for a fresh book. */
  get lastSeq(): bigint {
    return this.last;
  }

  get orderCount(): number {
    return this.orders.size;
  }

  /**
   * Applies one command. A command whose `seq` is not greater than the last one is a bug in the
   * caller (a replayed or reordered command) and throws; a rejected command still uses up its seq.
   */
  apply(command: BookCommand): BookCommandResult {
    if (command.seq <= this.last) throw new Error('invariant violated: command seq must increase');
    this.last = command.seq;
    switch (command.kind) {
      case 'place':
        return this.place(command);
      case 'cancel':
        return this.cancel(command);
      case 'move':
        return this.move(command);
      case 'reduce':
        return this.reduce(command);
    }
  }

  /**
   * Places a limit order. Rejections, in order: quantity <= 0 'invalid_quantity', price <= 0
   * 'invalid_price', an id already resting 'duplicate_order_id' (ids of orders that have left the book
   * are not remembered: the caller keeps ids unique), a post-only order whose price reaches the
   * opposite side 'would_take'. A FOK order the opposite side cannot fill whole within its price (own
   * orders do not count: they would be cancelled, not traded) is cancelled whole, 'fok_unfilled'.
   * Then it trades against the opposite side, best price first and oldest first within a price, at
   * each maker's price, while the order's price reaches. The remainder rests ('gtc', 'post_only') or
   * is cancelled ('ioc'; a FOK order that got this far has none).
   */
  private place(command: PlaceOrderCommand): BookCommandResult {
    if (command.quantity <= 0n) return invalidQuantity;
    if (command.price <= 0n) return invalidPrice;
    if (this.orders.has(command.orderId)) return duplicateOrderId;
    if (command.timeInForce === 'post_only' && this.wouldTake(command.side, command.price)) return wouldTake;
    if (
      command.timeInForce === 'fok' &&
      this.fillable(command.userId, command.side, command.price, command.quantity) < command.quantity
    )
      return ok([
        {
          type: 'cancelled',
          orderId: command.orderId,
          userId: command.userId,
          side: command.side,
          quantity: command.quantity,
          reason: 'fok_unfilled',
        },
      ]);
    const events: BookEvent[] = [];
    const remaining = this.match(
      command.orderId,
      command.userId,
      command.side,
      command.price,
      command.quantity,
      events,
    );
    if (remaining > 0n) {
      if (command.timeInForce === 'gtc' || command.timeInForce === 'post_only') {
        const node = new OrderNode(
          command.orderId,
          command.userId,
          command.side,
          command.price,
          remaining,
          command.seq,
        );
        this.insert(node);
        events.push(restedEvent(node));
      } else {
        events.push({
          type: 'cancelled',
          orderId: command.orderId,
          userId: command.userId,
          side: command.side,
          quantity: remaining as QuantityLots,
          reason: 'ioc_remainder',
        });
      }
    }
    return ok(events);
  }

  /**
   * Whether an order on `side` at `price` would trade at once: the opposite side's best price is at
   * or better than it. A post-only order is refused then (the server asks before it holds funds).
   */
  wouldTake(side: BookSide, price: PriceTicks | bigint): boolean {
    const best = (side === 'buy' ? this.asks : this.bids).best();
    if (best === undefined) return false;
    return side === 'buy' ? best.price <= price : best.price >= price;
  }

  /**
   * How much of `quantity` the opposite side could fill for `userId` within `limit`, counting only
   * other users' orders, and stopping once `quantity` is reached. O(orders walked).
   */
  private fillable(userId: string, side: BookSide, limit: bigint, quantity: bigint): bigint {
    const isBuy = side === 'buy';
    const levels = (isBuy ? this.asks : this.bids).levels;
    let found = 0n;
    for (let i = levels.length - 1; i >= 0 && found < quantity; i -= 1) {
      const level = levels[i] as PriceLevel;
      if (isBuy ? level.price > limit : level.price < limit) break;
      for (let node = level.head; node !== null && found < quantity; node = node.next)
        if (node.userId !== userId) found += node.remaining;
    }
    return found;
  }

  /** Cancels a resting order of the caller. Rejection: unknown or not the caller's 'order_not_found'. */
  private cancel(command: CancelOrderCommand): BookCommandResult {
    const node = this.orders.get(command.orderId);
    if (node === undefined || node.userId !== command.userId) return orderNotFound;
    const event = cancelledEvent(node, 'user');
    this.remove(node);
    return ok([event]);
  }

  /**
   * Moves a resting order to a new price with the same remaining quantity. It always goes to the back
   * of the queue at the new price (even at the same price) and trades first if the new price crosses.
   * Rejections, in order: price <= 0 'invalid_price', unknown or not the caller's 'order_not_found'.
   * The caller checks that the funds locked for the order still cover it at the new price.
   */
  private move(command: MoveOrderCommand): BookCommandResult {
    if (command.price <= 0n) return invalidPrice;
    const node = this.orders.get(command.orderId);
    if (node === undefined || node.userId !== command.userId) return orderNotFound;
    this.remove(node);
    const events: BookEvent[] = [];
    const remaining = this.match(node.id, node.userId, node.side, command.price, node.remaining, events);
    if (remaining > 0n) {
      node.price = command.price;
      node.remaining = remaining;
      node.seq = command.seq;
      this.insert(node);
      events.push(restedEvent(node));
    }
    return ok(events);
  }

  /**
   * Takes `quantity` off a resting order without changing its place in the queue; taking all of it
   * or more removes the order. Rejections, in order: quantity <= 0 'invalid_quantity', unknown or not
   * the caller's 'order_not_found'.
   */
  private reduce(command: ReduceOrderCommand): BookCommandResult {
    if (command.quantity <= 0n) return invalidQuantity;
    const node = this.orders.get(command.orderId);
    if (node === undefined || node.userId !== command.userId) return orderNotFound;
    const taken = command.quantity < node.remaining ? command.quantity : node.remaining;
    if (taken === node.remaining) {
      this.remove(node);
      node.remaining = 0n;
    } else {
      node.remaining -= taken;
      (node.level as PriceLevel).total -= taken;
    }
    return ok([
      {
        type: 'reduced',
        orderId: node.id,
        userId: node.userId,
        side: node.side,
        quantity: taken as QuantityLots,
        remaining: node.remaining as QuantityLots,
      },
    ]);
  }

  /**
   * Trades an incoming quantity against the opposite side and returns what is left. The taker is not
   * in the book while this runs, so it can never meet itself.
   */
  private match(
    takerId: string,
    takerUserId: string,
    side: BookSide,
    limit: bigint,
    quantity: bigint,
    events: BookEvent[],
  ): bigint {
    const isBuy = side === 'buy';
    const half = isBuy ? this.asks : this.bids;
    const levels = half.levels;
    let remaining = quantity;
    while (remaining > 0n && levels.length > 0) {
      const level = levels[levels.length - 1] as PriceLevel;
      if (isBuy ? level.price > limit : level.price < limit) break;
      let maker = level.head;
      while (maker !== null && remaining > 0n) {
        const next: OrderNode | null = maker.next;
        if (maker.userId === takerUserId) {
          events.push(cancelledEvent(maker, 'self_trade'));
          this.unlink(level, maker);
          this.orders.delete(maker.id);
        } else {
          const fill = maker.remaining < remaining ? maker.remaining : remaining;
          maker.remaining -= fill;
          remaining -= fill;
          level.total -= fill;
          events.push({
            type: 'trade',
            makerOrderId: maker.id,
            makerUserId: maker.userId,
            takerOrderId: takerId,
            takerUserId,
            takerSide: side,
            price: level.price as PriceTicks,
            quantity: fill as QuantityLots,
            makerRemaining: maker.remaining as QuantityLots,
            takerRemaining: remaining as QuantityLots,
          });
          if (maker.remaining === 0n) {
            this.unlink(level, maker);
            this.orders.delete(maker.id);
          }
        }
        maker = next;
      }
      if (level.head === null) {
        levels.pop();
        half.byPrice.delete(level.price);
      }
    }
    return remaining;
  }

  /** Appends an order at the back of its price level's queue, creating the level if needed. */
  private insert(node: OrderNode): void {
    const half = node.side === 'buy' ? this.bids : this.asks;
    let level = half.byPrice.get(node.price);
    if (level === undefined) {
      level = new PriceLevel(node.price);
      half.byPrice.set(node.price, level);
      const levels = half.levels;
      const best = levels[levels.length - 1];
      // Most new levels are a new best price; only the others need the search and the shift.
      if (best === undefined || (half.ascending ? best.price < node.price : best.price > node.price))
        levels.push(level);
      else levels.splice(half.indexOf(node.price), 0, level);
    }
    node.level = level;
    node.prev = level.tail;
    node.next = null;
    if (level.tail === null) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.total += node.remaining;
    level.count += 1;
    this.orders.set(node.id, node);
  }

  /** Takes a resting order out of the book entirely, dropping its level if it was the last one. */
  private remove(node: OrderNode): void {
    const level = node.level as PriceLevel;
    this.unlink(level, node);
    this.orders.delete(node.id);
    if (level.head !== null) return;
    const half = node.side === 'buy' ? this.bids : this.asks;
    half.byPrice.delete(level.price);
    const levels = half.levels;
    if (levels[levels.length - 1] === level) levels.pop();
    else levels.splice(half.indexOf(level.price), 1);
  }

  /** Unlinks an order from its level's queue and totals; the level itself stays. */
  private unlink(level: PriceLevel, node: OrderNode): void {
    if (node.prev === null) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) level.tail = node.prev;
    else node.next.prev = node.prev;
    level.total -= node.remaining;
    level.count -= 1;
    node.prev = null;
    node.next = null;
    node.level = null;
  }

  /**
   * Rebuilds the book from stored resting orders, e.g. the open orders at start-up. Orders are queued
   * by `seq` within each price, whatever order they come in. Only an empty, fresh book can be
   * restored. Throws on data no engine could have produced: a duplicate id, a non-positive price or
   * remaining quantity, or a crossed book.
   */
  restore(orders: Iterable<RestingOrder>): void {
    if (this.orders.size > 0 || this.last !== -1n)
      throw new Error('invariant violated: restore needs a fresh book');
    const sorted = [...orders].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
    let last = -1n;
    for (const order of sorted) {
      if (this.orders.has(order.orderId))
        throw new Error(`invariant violated: duplicate order ${order.orderId}`);
      if (order.price <= 0n || order.remaining <= 0n)
        throw new Error(`invariant violated: order ${order.orderId}`);
      this.insert(
        new OrderNode(order.orderId, order.userId, order.side, order.price, order.remaining, order.seq),
      );
      if (order.seq > last) last = order.seq;
    }
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid !== null && ask !== null && bid >= ask)
      throw new Error('invariant violated: restored book is crossed');
    this.last = last;
  }

  bestBid(): PriceTicks | null {
    const level = this.bids.best();
    return level === undefined ? null : (level.price as PriceTicks);
  }

  bestAsk(): PriceTicks | null {
    const level = this.asks.best();
    return level === undefined ? null : (level.price as PriceTicks);
  }

  /** A copy of one resting order, or undefined if it is not in the book. */
  order(orderId: string): RestingOrder | undefined {
    const node = this.orders.get(orderId);
    return node === undefined ? undefined : restingOrder(node);
  }

  /** Every resting order, best price first and oldest first within a price. O(n): not for the hot path. */
  snapshot(): BookSnapshot {
    return { bids: sideOrders(this.bids), asks: sideOrders(this.asks) };
  }

  /** Up to `maxLevels` aggregated levels per side, best first. */
  depth(maxLevels: number): { readonly bids: DepthLevel[]; readonly asks: DepthLevel[] } {
    return { bids: sideDepth(this.bids, maxLevels), asks: sideDepth(this.asks, maxLevels) };
  }
}
