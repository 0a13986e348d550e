import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import { cancelWithStops, cascadeStops, type StopMarket } from './stop-cascade';
import { isStopDue, OrderLinks, StopBook, stopMarketOrder, type WaitingStop } from './stop-orders';
import { type BookEvent, priceTicks, quantityLots } from './types';

const p = priceTicks;
const q = quantityLots;

function stop(orderId: string, over: Partial<WaitingStop> = {}): WaitingStop {
  return {
    orderId,
    userId: 'ann',
    side: 'sell',
    kind: 'stop_loss',
    stopPrice: p(90n),
    seq: 1n,
    price: p(89n),
    quantity: q(1n),
    timeInForce: 'gtc',
    ...over,
  };
}

function market(): StopMarket {
  return { book: new OrderBook(), stops: new StopBook(), links: new OrderLinks() };
}

/** Places on the book and runs the cascade, as a market command does. */
function place(
  m: StopMarket,
  seq: bigint,
  orderId: string,
  userId: string,
  side: 'buy' | 'sell',
  price: bigint,
  quantity: bigint,
) {
  const applied = m.book.apply({
    kind: 'place',
    seq,
    orderId,
    userId,
    side,
    price: p(price),
    quantity: q(quantity),
    timeInForce: 'gtc',
  });
  if (!applied.ok) throw new Error(applied.code);
  return cascadeStops(m, seq, applied.value);
}

const cancelledIds = (events: readonly BookEvent[]) =>
  events.flatMap((e) => (e.type === 'cancelled' ? [`${e.orderId}:${e.reason}`] : []));

describe('stop direction (Binance)', () => {
  it('sell stop_loss and buy take_profit wait for a fall, the others for a rise', () => {
    expect(isStopDue(stop('a'), p(90n))).toBe(true);
    expect(isStopDue(stop('a'), p(91n))).toBe(false);
    expect(isStopDue(stop('a', { side: 'buy', kind: 'take_profit' }), p(89n))).toBe(true);
    expect(isStopDue(stop('a', { side: 'buy', kind: 'stop_loss', stopPrice: p(110n) }), p(110n))).toBe(true);
    expect(isStopDue(stop('a', { side: 'buy', kind: 'stop_loss', stopPrice: p(110n) }), p(109n))).toBe(false);
    expect(isStopDue(stop('a', { side: 'sell', kind: 'take_profit', stopPrice: p(110n) }), p(111n))).toBe(
      true,
    );
  });

  it('takes due stops by the first trade that reaches them, then oldest first', () => {
    const stops = new StopBook();
    stops.add(stop('late', { seq: 5n, stopPrice: p(95n) }));
    stops.add(stop('early', { seq: 2n, stopPrice: p(95n) }));
    stops.add(stop('deep', { seq: 1n, stopPrice: p(80n) }));
    expect(stops.takeDue([p(96n), p(94n), p(79n)]).map((s) => s.orderId)).toEqual(['early', 'late', 'deep']);
    expect(stops.size).toBe(0);
  });
});

describe('cascadeStops', () => {
  it('a stop triggered by a trade of the command is matched in the same command, with the next seq', () => {
    const m = market();
    m.stops.add(stop('s', { userId: 'ann', stopPrice: p(90n), price: p(88n), quantity: q(2n) }));
    place(m, 1n, 'bid90', 'bob', 'buy', 90n, 1n);
    place(m, 2n, 'bid88', 'bob', 'buy', 88n, 5n);
    const out = place(m, 3n, 'hit', 'cat', 'sell', 90n, 1n);
    expect(out.triggered.map((t) => [t.stop.orderId, t.seq])).toEqual([['s', 4n]]);
    const trades = out.events.filter((e) => e.type === 'trade');
    expect(trades.map((t) => [t.takerOrderId, t.makerOrderId, t.quantity])).toEqual([
      ['hit', 'bid90', 1n],
      ['s', 'bid88', 2n],
    ]);
    expect(out.lastSeq).toBe(4n);
    expect(m.book.lastSeq).toBe(4n);
  });

  it('a leg that trades cancels its waiting sibling in the same command', () => {
    const m = market();
    place(m, 1n, 'limit', 'ann', 'sell', 110n, 1n);
    m.stops.add(stop('stop', { seq: 1n }));
    m.links.link('L', 'ann', 'limit', 'stop');
    const out = place(m, 2n, 'buy', 'bob', 'buy', 110n, 1n);
    expect(cancelledIds(out.events)).toEqual(['stop:oco']);
    expect(m.stops.size).toBe(0);
    expect(m.links.size).toBe(0);
  });

  it('a stop leg that triggers cancels its resting sibling and takes its hold', () => {
    const m = market();
    place(m, 1n, 'limit', 'ann', 'sell', 110n, 1n);
    m.stops.add(stop('stop', { seq: 1n, price: p(85n) }));
    m.links.link('L', 'ann', 'limit', 'stop');
    place(m, 2n, 'bid', 'bob', 'buy', 90n, 1n);
    const out = place(m, 3n, 'hit', 'cat', 'sell', 90n, 1n);
    expect(cancelledIds(out.events)).toEqual(['limit:oco']);
    expect(out.holdMoves).toEqual([{ from: 'limit', to: 'stop' }]);
    expect(m.book.snapshot().asks.map((o) => o.orderId)).toEqual(['stop']);
  });

  it('an OCO whose both legs become due at one trade: the fill comes first and the stop is cancelled', () => {
    // A buy OCO: limit buy at 100, stop-loss buy at 100 (rises to 100). A sell at 100 fills the limit
    // leg, and the last price 100 would also reach the stop: the fill wins.
    const m = market();
    place(m, 1n, 'limit', 'ann', 'buy', 100n, 1n);
    m.stops.add(stop('stop', { side: 'buy', stopPrice: p(100n), price: p(101n) }));
    m.links.link('L', 'ann', 'limit', 'stop');
    const out = place(m, 2n, 'sell', 'bob', 'sell', 100n, 1n);
    expect(out.triggered).toEqual([]);
    expect(cancelledIds(out.events)).toEqual(['stop:oco']);
  });

  it('cancelling either leg cancels both', () => {
    const m = market();
    place(m, 1n, 'limit', 'ann', 'sell', 110n, 1n);
    m.stops.add(stop('stop'));
    m.links.link('L', 'ann', 'limit', 'stop');
    const out = cancelWithStops(m, 2n, { orderId: 'stop', userId: 'ann' });
    expect(cancelledIds(out?.events ?? [])).toEqual(['stop:user', 'limit:oco']);
    expect(m.book.orderCount).toBe(0);
    expect(cancelWithStops(m, 4n, { orderId: 'stop', userId: 'ann' })).toBeNull();
  });

  it("another user's waiting stop is not theirs to cancel", () => {
    const m = market();
    m.stops.add(stop('stop'));
    expect(cancelWithStops(m, 1n, { orderId: 'stop', userId: 'bob' })).toBeNull();
    expect(m.stops.size).toBe(1);
  });
});

describe('stop-market orders (STOP_LOSS, TAKE_PROFIT)', () => {
  /** A stop-market as placed: its order is stopMarketOrder's IOC at the cap. */
  const stopMarket = (
    orderId: string,
    over: Partial<WaitingStop> & Pick<WaitingStop, 'side' | 'stopPrice'>,
  ) => stop(orderId, { ...over, ...stopMarketOrder(over.side, over.stopPrice) });

  it('a sell takes the bids to one tick; a buy pays up to its stop price plus the band', () => {
    expect(stopMarketOrder('sell', p(90n))).toEqual({ price: 1n, timeInForce: 'ioc' });
    expect(stopMarketOrder('buy', p(1000n))).toEqual({ price: 1100n, timeInForce: 'ioc' });
    // Rounded down to a tick, so the hold sized at the cap is never short.
    expect(stopMarketOrder('buy', p(1005n)).price).toBe(1105n);
  });

  it('triggers on the same last-price rule as a stop-limit', () => {
    const sell = stopMarket('a', { side: 'sell', kind: 'stop_loss', stopPrice: p(90n) });
    expect(isStopDue(sell, p(90n))).toBe(true);
    expect(isStopDue(sell, p(91n))).toBe(false);
    const buy = stopMarket('b', { side: 'buy', kind: 'take_profit', stopPrice: p(90n) });
    expect(isStopDue(buy, p(89n))).toBe(true);
    expect(isStopDue(buy, p(91n))).toBe(false);
  });

  it('a triggered sell takes every bid it needs in the same command, whatever their price', () => {
    const m = market();
    m.stops.add(stopMarket('s', { side: 'sell', kind: 'stop_loss', stopPrice: p(90n), quantity: q(3n) }));
    place(m, 1n, 'bid90', 'bob', 'buy', 90n, 1n);
    place(m, 2n, 'bid50', 'bob', 'buy', 50n, 5n);
    const out = place(m, 3n, 'hit', 'cat', 'sell', 90n, 1n);
    expect(out.triggered.map((t) => t.stop.orderId)).toEqual(['s']);
    const trades = out.events.filter((e) => e.type === 'trade');
    expect(trades.map((t) => [t.takerOrderId, t.makerOrderId, t.price, t.quantity])).toEqual([
      ['hit', 'bid90', 90n, 1n],
      ['s', 'bid50', 50n, 3n],
    ]);
    expect(cancelledIds(out.events)).toEqual([]);
  });

  it('a triggered market order on an empty side is cancelled whole and never rests', () => {
    const m = market();
    m.stops.add(stopMarket('s', { side: 'sell', kind: 'stop_loss', stopPrice: p(90n), quantity: q(2n) }));
    place(m, 1n, 'bid90', 'bob', 'buy', 90n, 1n);
    const out = place(m, 2n, 'hit', 'cat', 'sell', 90n, 1n);
    expect(cancelledIds(out.events)).toEqual(['s:ioc_remainder']);
    const cancelled = out.events.find((e) => e.type === 'cancelled');
    expect(cancelled?.type === 'cancelled' && cancelled.quantity).toBe(2n);
    expect(m.book.orderCount).toBe(0);
  });

  it('a triggered buy stops at its cap: the asks above it are left and the rest expires', () => {
    const m = market();
    m.stops.add(
      stopMarket('b', { side: 'buy', kind: 'stop_loss', stopPrice: p(100n), quantity: q(4n), userId: 'ann' }),
    );
    place(m, 1n, 'ask100', 'bob', 'sell', 100n, 1n);
    place(m, 2n, 'ask110', 'bob', 'sell', 110n, 2n);
    place(m, 3n, 'ask111', 'bob', 'sell', 111n, 5n);
    const out = place(m, 4n, 'lift', 'cat', 'buy', 100n, 1n);
    const trades = out.events.filter((e) => e.type === 'trade');
    expect(trades.map((t) => [t.takerOrderId, t.makerOrderId, t.quantity])).toEqual([
      ['lift', 'ask100', 1n],
      ['b', 'ask110', 2n],
    ]);
    expect(cancelledIds(out.events)).toEqual(['b:ioc_remainder']);
    expect(m.book.snapshot().asks.map((o) => o.orderId)).toEqual(['ask111']);
  });
});
