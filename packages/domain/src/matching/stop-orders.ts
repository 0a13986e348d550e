import type { BookSide, PriceTicks, QuantityLots, TimeInForce } from './types';

/**
 * Stop orders and OCO links (issue 48), decided purely. A stop waits off the book until the market's
 * last trade price reaches its stop price, then enters the book as the limit order it carries. The
 * direction is Binance's: a sell stop_loss and a buy take_profit wait for the price to fall to the
 * stop; a buy stop_loss and a sell take_profit wait for it to rise to the stop.
 */
export type StopKind = 'stop_loss' | 'take_profit';

export interface WaitingStop {
  readonly orderId: string;
  readonly userId: string;
  readonly side: BookSide;
  readonly kind: StopKind;
  readonly stopPrice: PriceTicks;
  /** The placement's sequence number: stops due at the same trade trigger oldest first. */
  readonly seq: bigint;
  /**
   * The limit order it becomes when triggered: its price, quantity and time in force. A stop-market's
   * are `stopMarketOrder`'s (an IOC order at its cap), so the cascade treats both kinds alike.
   */
  readonly price: PriceTicks;
  readonly quantity: QuantityLots;
  readonly timeInForce: TimeInForce;
}

/** Which way the last price must move to reach the stop. */
export function stopDirection(side: BookSide, kind: StopKind): 'falls' | 'rises' {
  return (side === 'sell') === (kind === 'stop_loss') ? 'falls' : 'rises';
}

/** Whether a stop is due at this last trade price (reaching the stop price exactly counts). */
export function isStopDue(stop: Pick<WaitingStop, 'side' | 'kind' | 'stopPrice'>, last: PriceTicks): boolean {
  return stopDirection(stop.side, stop.kind) === 'falls' ? last <= stop.stopPrice : last >= stop.stopPrice;
}

/**
 * How far above its stop price a triggered buy stop-market may pay, in basis points of the stop
 * price. A market buy by quantity has no price of its own, yet its funds are held from placement: the
 * hold is sized at this cap (quantity x stop price x 1.10, plus the fee), and the triggered order
 * trades at any price up to it, so the hold always covers its fills. What the book cannot fill within
 * the cap expires, and the unused hold is released.
 */
export const STOP_MARKET_BUY_BAND_BPS = 1000n;

/**
 * The order a stop-market (Binance's STOP_LOSS and TAKE_PROFIT) carries into the book when triggered:
 * an IOC order, like every market order here. A sell takes the bids down to one tick (a true market
 * sell; its hold is the base quantity, which any price covers); a buy takes the asks up to its stop
 * price plus STOP_MARKET_BUY_BAND_BPS, rounded down to a tick. Whatever does not fill at once, all of
 * it on an empty book, is cancelled as an IOC remainder (Binance's EXPIRED) and its hold released.
 */
export function stopMarketOrder(
  side: BookSide,
  stopPrice: PriceTicks,
): { readonly price: PriceTicks; readonly timeInForce: 'ioc' } {
  if (side === 'sell') return { price: 1n as PriceTicks, timeInForce: 'ioc' };
  const cap = (stopPrice * (10_000n + STOP_MARKET_BUY_BAND_BPS)) / 10_000n;
  return { price: cap as PriceTicks, timeInForce: 'ioc' };
}

/**
 * A market's waiting stops. Triggers are decided from the last price after each trade, in the order
 * the trades happened: a stop is due at the first trade whose price reaches it, and stops due at the
 * same trade trigger in placement order (`seq`), so the outcome never depends on how they are stored.
 */
export class StopBook {
  private readonly stops = new Map<string, WaitingStop>();

  get size(): number {
    return this.stops.size;
  }

  add(stop: WaitingStop): void {
    if (this.stops.has(stop.orderId)) throw new Error('invariant violated: a stop is added once');
    this.stops.set(stop.orderId, stop);
  }

  has(orderId: string): boolean {
    return this.stops.has(orderId);
  }

  get(orderId: string): WaitingStop | undefined {
    return this.stops.get(orderId);
  }

  /** Takes a stop out (cancelled, or its OCO sibling traded); undefined when it is not waiting. */
  remove(orderId: string): WaitingStop | undefined {
    const stop = this.stops.get(orderId);
    this.stops.delete(orderId);
    return stop;
  }

  all(): WaitingStop[] {
    return [...this.stops.values()].sort(bySeq);
  }

  /**
   * The stops due after trades at `lastPrices` (in trade order), taken out of the book: first those
   * due at the first trade, by `seq`, then those newly due at the second, and so on.
   */
  takeDue(lastPrices: readonly PriceTicks[]): WaitingStop[] {
    const due: WaitingStop[] = [];
    for (const last of lastPrices) {
      const now = this.all().filter((stop) => isStopDue(stop, last));
      for (const stop of now) this.stops.delete(stop.orderId);
      due.push(...now);
    }
    return due;
  }
}

function bySeq(a: WaitingStop, b: WaitingStop): number {
  return a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0;
}

/**
 * The OCO pairs of a market: each leg names its sibling. When a leg trades (even partly) or its stop
 * triggers, `resolve` unlinks the pair and answers the sibling to cancel, so a pair resolves once: in
 * one batch the leg touched first wins, and at one trade a leg's fill comes before any trigger that
 * trade causes (the trade happened first).
 */
export class OrderLinks {
  private readonly sibling = new Map<string, { listId: string; other: string; userId: string }>();

  /** Links two legs of one user. */
  link(listId: string, userId: string, a: string, b: string): void {
    if (this.sibling.has(a) || this.sibling.has(b))
      throw new Error('invariant violated: an order is in one list');
    this.sibling.set(a, { listId, other: b, userId });
    this.sibling.set(b, { listId, other: a, userId });
  }

  listOf(orderId: string): string | undefined {
    return this.sibling.get(orderId)?.listId;
  }

  siblingOf(orderId: string): string | undefined {
    return this.sibling.get(orderId)?.other;
  }

  /** The leg `orderId` was touched (traded, triggered or cancelled): the sibling to cancel, if any. */
  resolve(orderId: string): { orderId: string; userId: string } | undefined {
    const link = this.sibling.get(orderId);
    if (!link) return undefined;
    this.sibling.delete(orderId);
    this.sibling.delete(link.other);
    return { orderId: link.other, userId: link.userId };
  }

  get size(): number {
    return this.sibling.size / 2;
  }
}
