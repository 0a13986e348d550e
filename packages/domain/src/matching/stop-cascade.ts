import type { OrderBook } from './order-book';
import type { OrderLinks, StopBook, WaitingStop } from './stop-orders';
import type { BookEvent, CancelledEvent } from './types';

/** A market's book with its waiting stops and OCO links: what one market command runs against. */
export interface StopMarket {
  readonly book: OrderBook;
  readonly stops: StopBook;
  readonly links: OrderLinks;
}

/** What a command's events became once stops and OCO links were applied to them. */
export interface Cascade {
  /** Every event in the order it happened: the command's own first, then what they set off. */
  readonly events: BookEvent[];
  /** Stops that triggered, in trigger order, with the sequence number they entered the book at. */
  readonly triggered: { readonly stop: WaitingStop; readonly seq: bigint }[];
  /**
   * An OCO stop leg that triggered takes over its cancelled sibling's hold (the pair's funds are held
   * once, on the limit leg while the stop waits): move `from`'s remaining hold to `to` before settling.
   */
  readonly holdMoves: { readonly from: string; readonly to: string }[];
  /** The last sequence number used (the command's own when nothing triggered). */
  readonly lastSeq: bigint;
}

/** A leg taken out while it waits off the book: its whole quantity is cancelled. */
function stopCancelled(stop: WaitingStop): CancelledEvent {
  return {
    type: 'cancelled',
    orderId: stop.orderId,
    userId: stop.userId,
    side: stop.side,
    quantity: stop.quantity,
    reason: 'oco',
  };
}

/** Whether `orderId` trades in the events after index `i`. */
function tradesLater(queue: readonly BookEvent[], i: number, orderId: string): boolean {
  for (let j = i + 1; j < queue.length; j += 1) {
    const e = queue[j]!;
    if (e.type === 'trade' && (e.makerOrderId === orderId || e.takerOrderId === orderId)) return true;
  }
  return false;
}

/**
 * Applies stops and OCO links to the events of one command that ran with sequence number `seq`.
 * Events are walked in order, and what they set off is appended behind them, so the result is fixed
 * by the events alone:
 * - a trade touches both its orders: an OCO leg that trades (even partly) cancels its sibling at once,
 *   and so does a leg that leaves the book without trading (a self-trade cancel);
 * - a stop leg due at a trade whose sibling the same matching step also fills (later in the step,
 *   already decided by the book) is cancelled: the fill wins;
 * - after each trade the last price is the trade's; stops it reaches trigger (oldest first), each
 *   cancelling its OCO sibling and entering the book as its limit order with the next sequence number.
 *   A stop triggered by a trade of this command is matched in this same command, so within the same
 *   batch; its own trades may trigger further stops.
 * A cancelled leg resting in the book is cancelled there; one still waiting leaves the stop book.
 */
export function cascadeStops(market: StopMarket, seq: bigint, events: readonly BookEvent[]): Cascade {
  const queue = [...events];
  const out: BookEvent[] = [];
  const triggered: { stop: WaitingStop; seq: bigint }[] = [];
  const holdMoves: { from: string; to: string }[] = [];
  let last = seq;
  const cancelLeg = (leg: { orderId: string; userId: string }): void => {
    const waiting = market.stops.remove(leg.orderId);
    if (waiting) {
      queue.push(stopCancelled(waiting));
      return;
    }
    last += 1n;
    const applied = market.book.apply({
      kind: 'cancel',
      seq: last,
      orderId: leg.orderId,
      userId: leg.userId,
    });
    // A leg no longer in the book has filled or been cancelled already: nothing is left to cancel.
    if (applied.ok)
      queue.push(
        ...applied.value.map((e) => (e.type === 'cancelled' ? { ...e, reason: 'oco' as const } : e)),
      );
  };
  for (let i = 0; i < queue.length; i += 1) {
    const event = queue[i]!;
    out.push(event);
    // A leg that leaves the book otherwise (a self-trade cancel, say) takes its sibling with it, so
    // a stop leg never triggers without the hold of a live limit leg to take over.
    if (event.type === 'cancelled' || (event.type === 'reduced' && event.remaining === 0n)) {
      const sibling = market.links.resolve(event.orderId);
      if (sibling) cancelLeg(sibling);
    }
    if (event.type !== 'trade') continue;
    for (const id of [event.makerOrderId, event.takerOrderId]) {
      const sibling = market.links.resolve(id);
      if (sibling) cancelLeg(sibling);
    }
    for (const stop of market.stops.takeDue([event.price])) {
      // The book decides one matching step at once: a sibling that trades later in that same step
      // is already matched, so its fill wins and this stop leg is cancelled instead of triggering.
      const siblingId = market.links.siblingOf(stop.orderId);
      if (siblingId !== undefined && tradesLater(queue, i, siblingId)) {
        market.links.resolve(stop.orderId);
        queue.push(stopCancelled(stop));
        continue;
      }
      const sibling = market.links.resolve(stop.orderId);
      if (sibling) {
        cancelLeg(sibling);
        holdMoves.push({ from: sibling.orderId, to: stop.orderId });
      }
      last += 1n;
      triggered.push({ stop, seq: last });
      const applied = market.book.apply({
        kind: 'place',
        seq: last,
        orderId: stop.orderId,
        userId: stop.userId,
        side: stop.side,
        price: stop.price,
        quantity: stop.quantity,
        timeInForce: stop.timeInForce,
      });
      if (!applied.ok) throw new Error(`invariant violated: a triggered stop was refused (${applied.code})`);
      queue.push(...applied.value);
    }
  }
  return { events: out, triggered, holdMoves, lastSeq: last };
}

/**
 * Cancels an order that may be waiting off the book and may be one leg of an OCO pair: both legs
 * go. Answers null when the order is neither waiting nor resting (unknown, filled or cancelled).
 */
export function cancelWithStops(
  market: StopMarket,
  seq: bigint,
  order: { readonly orderId: string; readonly userId: string },
): Cascade | null {
  const events: BookEvent[] = [];
  let last = seq;
  const waiting = market.stops.get(order.orderId);
  if (waiting) {
    if (waiting.userId !== order.userId) return null;
    market.stops.remove(order.orderId);
    events.push({ ...stopCancelled(waiting), reason: 'user' });
  } else {
    const applied = market.book.apply({ kind: 'cancel', seq, orderId: order.orderId, userId: order.userId });
    if (!applied.ok) return null;
    events.push(...applied.value);
  }
  const sibling = market.links.resolve(order.orderId);
  if (sibling) {
    const other = market.stops.remove(sibling.orderId);
    if (other) events.push(stopCancelled(other));
    else {
      last += 1n;
      const applied = market.book.apply({ kind: 'cancel', seq: last, ...sibling });
      if (applied.ok)
        events.push(
          ...applied.value.map((e) => (e.type === 'cancelled' ? { ...e, reason: 'oco' as const } : e)),
        );
    }
  }
  return { events, triggered: [], holdMoves: [], lastSeq: last };
}
