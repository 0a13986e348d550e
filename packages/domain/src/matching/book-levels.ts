import type { BookEvent, BookSide, DepthLevel, PriceTicks, QuantityLots, RestingOrder } from './types';

/**
 * A resting order, linked into its price level's FIFO queue. Every field is set in the constructor so
 * all nodes share one hidden class; the links are cleared when the order leaves the book.
 */
export class OrderNode {
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;

  constructor(
    readonly id: string,
    readonly userId: string,
    readonly side: BookSide,
    public price: bigint,
    public remaining: bigint,
    public seq: bigint,
  ) {}
}

/** All resting orders at one price on one side, oldest at the head. */
export class PriceLevel {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  /** Sum of the remaining quantity of the orders in the queue. */
  total = 0n;
  count = 0;

  constructor(readonly price: bigint) {}
}

/**
 * One side of the book. `levels` is sorted so that the best price is the last element: bids
 * ascending, asks descending. Matching consumes the best level, so emptying it is a `pop`, and new
 * orders mostly arrive near the best price, so inserting a level shifts few elements.
 */
export class BookHalf {
  readonly levels: PriceLevel[] = [];
  readonly byPrice = new Map<bigint, PriceLevel>();

  constructor(readonly ascending: boolean) {}

  /** The index where a level at `price` is, or would be inserted. */
  indexOf(price: bigint): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = (levels[mid] as PriceLevel).price;
      if (this.ascending ? at < price : at > price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }
}

export function restedEvent(node: OrderNode): BookEvent {
  return {
    type: 'rested',
    orderId: node.id,
    userId: node.userId,
    side: node.side,
    price: node.price as PriceTicks,
    remaining: node.remaining as QuantityLots,
    seq: node.seq,
  };
}

export function cancelledEvent(node: OrderNode, reason: 'user' | 'self_trade'): BookEvent {
  return {
    type: 'cancelled',
    orderId: node.id,
    userId: node.userId,
    side: node.side,
    quantity: node.remaining as QuantityLots,
    reason,
  };
}

export function restingOrder(node: OrderNode): RestingOrder {
  return {
    orderId: node.id,
    userId: node.userId,
    side: node.side,
    price: node.price as PriceTicks,
    remaining: node.remaining as QuantityLots,
    seq: node.seq,
  };
}

export function sideOrders(half: BookHalf): RestingOrder[] {
  const out: RestingOrder[] = [];
  for (let i = half.levels.length - 1; i >= 0; i -= 1) {
    for (let node = (half.levels[i] as PriceLevel).head; node !== null; node = node.next)
      out.push(restingOrder(node));
  }
  return out;
}

export function sideDepth(half: BookHalf, maxLevels: number): DepthLevel[] {
  const out: DepthLevel[] = [];
  for (let i = half.levels.length - 1; i >= 0 && out.length < maxLevels; i -= 1) {
    const level = half.levels[i] as PriceLevel;
    out.push({
      price: level.price as PriceTicks,
      quantity: level.total as QuantityLots,
      orderCount: level.count,
    });
  }
  return out;
}
