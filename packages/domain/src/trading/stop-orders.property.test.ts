import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountName, applyEntry, holdPostings, systemAccount, userAccount } from '../ledger';
import { findMarket, type MarketRules } from '../markets';
import { marketUnits } from '../matching/market-units';
import { OrderBook } from '../matching/order-book';
import { buyOrderLock, sellOrderLock } from '../matching/order-funds';
import { type Cascade, cancelWithStops, cascadeStops, type StopMarket } from '../matching/stop-cascade';
import { isStopDue, OrderLinks, StopBook, type StopKind, stopMarketOrder } from '../matching/stop-orders';
import type { PriceTicks, QuantityLots } from '../matching/types';
import type { Minor } from '../money';
import { type SettlingOrder, settleBookEvents } from './settle-book-events';

const rules = findMarket('BTC-USDT') as MarketRules;
const units = marketUnits(rules);
const users = ['ann', 'bob', 'cat'] as const;

type Step =
  | { op: 'limit'; user: number; side: 'buy' | 'sell'; price: bigint; quantity: bigint }
  | {
      op: 'stop';
      user: number;
      side: 'buy' | 'sell';
      kind: StopKind;
      stop: bigint;
      price: bigint;
      quantity: bigint;
    }
  | { op: 'stopMarket'; user: number; side: 'buy' | 'sell'; kind: StopKind; stop: bigint; quantity: bigint }
  | { op: 'oco'; user: number; side: 'buy' | 'sell'; gap: bigint; stopGap: bigint; quantity: bigint }
  | { op: 'cancel'; pick: number };

// Around 60 000 USDT in ticks, in a narrow band so orders cross and stops trigger often.
const price = fc.bigInt(599_990n, 600_010n);
const quantity = fc.bigInt(1n, 5_000n);
const side = fc.constantFrom('buy' as const, 'sell' as const);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('limit' as const), user: fc.nat(2), side, price, quantity }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('stop' as const),
      user: fc.nat(2),
      side,
      kind: fc.constantFrom<StopKind>('stop_loss', 'take_profit'),
      stop: price,
      price,
      quantity,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('stopMarket' as const),
      user: fc.nat(2),
      side,
      kind: fc.constantFrom<StopKind>('stop_loss', 'take_profit'),
      stop: price,
      quantity,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('oco' as const),
      user: fc.nat(2),
      side,
      gap: fc.bigInt(1n, 10n),
      stopGap: fc.bigInt(1n, 10n),
      quantity,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }) },
);

/**
 * Any sequence of limit orders, stop-limits, stop-markets (an IOC at stopMarketOrder's cap, held
 * at that cap), OCO pairs and cancels, run as the server runs them
 * (the hold at placement, a stop that would trigger at once refused, the command's events through
 * cascadeStops, a triggered OCO stop leg taking its sibling's hold, then everything settled and
 * posted): no entry is refused, each user's LOCKED balance is exactly the holds their orders still
 * have, a closed order holds nothing, and every asset sums to zero. No command creates or loses a
 * held unit.
 */
describe('holds with stops and OCO pairs under any command stream', () => {
  it('are conserved by triggers, OCO resolutions and cancels', () => {
    // How often the streams reached the cases under test, so the property cannot pass vacuously.
    let triggers = 0;
    let holdMoves = 0;
    let marketTriggers = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 30, maxLength: 120 }), (steps) => {
        const market: StopMarket = { book: new OrderBook(), stops: new StopBook(), links: new OrderLinks() };
        const balances = new Map<string, Minor>();
        const post = (postings: Parameters<typeof applyEntry>[1]) => {
          const result = applyEntry(balances, postings);
          if (!result.ok) throw new Error(`entry refused: ${result.code}`);
          for (const [name, amount] of result.value) balances.set(name, amount);
        };
        const orders = new Map<string, SettlingOrder>();
        const funded = 10n ** 15n;
        for (const user of users)
          for (const asset of ['USDT', 'BTC'] as const)
            post([
              { account: systemAccount('PAYMENT_CLEARING', asset), amount: -funded as Minor },
              { account: userAccount(user, asset), amount: funded as Minor },
            ]);
        let seq = 0n;
        let last: PriceTicks | null = null;
        const settle = (at: bigint, cascade: Cascade) => {
          triggers += cascade.triggered.length;
          marketTriggers += cascade.triggered.filter((t) => t.stop.timeInForce === 'ioc').length;
          holdMoves += cascade.holdMoves.length;
          for (const move of cascade.holdMoves) {
            const from = orders.get(move.from)!;
            const to = orders.get(move.to)!;
            orders.set(move.to, {
              ...to,
              lockedRemaining: (to.lockedRemaining + from.lockedRemaining) as Minor,
            });
            orders.set(move.from, { ...from, lockedRemaining: 0n as Minor });
          }
          const out = settleBookEvents({ rules, units, seq: at, events: cascade.events, orders });
          for (const entry of out.entries) post(entry.postings);
          for (const order of out.orders) orders.set(order.id, order);
          for (const event of cascade.events) if (event.type === 'trade') last = event.price;
          seq = cascade.lastSeq;
        };
        const record = (id: string, userId: string, s: 'buy' | 'sell', q: QuantityLots, lock: bigint) =>
          orders.set(id, {
            id,
            userId,
            side: s,
            quantityLots: q,
            filledLots: 0n,
            cancelledLots: 0n,
            filledCost: 0n,
            filledQuote: 0n as Minor,
            feeQuote: 0n as Minor,
            lockAsset: s === 'buy' ? 'USDT' : 'BTC',
            lockedRemaining: lock as Minor,
            status: 'open',
          });
        const hold = (userId: string, s: 'buy' | 'sell', p: PriceTicks, q: QuantityLots) => {
          const lock = s === 'buy' ? buyOrderLock(rules, units, p, q) : sellOrderLock(units, q);
          post(holdPostings(userId, s === 'buy' ? 'USDT' : 'BTC', lock));
          return lock;
        };
        const placeLimit = (
          at: bigint,
          id: string,
          userId: string,
          s: 'buy' | 'sell',
          p: PriceTicks,
          q: QuantityLots,
        ) => {
          const applied = market.book.apply({
            kind: 'place',
            seq: at,
            orderId: id,
            userId,
            side: s,
            price: p,
            quantity: q,
            timeInForce: 'gtc',
          });
          if (!applied.ok) throw new Error(`refused: ${applied.code}`);
          settle(at, cascadeStops(market, at, applied.value));
        };
        const placed: string[] = [];
        steps.forEach((s, index) => {
          seq += 1n;
          const at = seq;
          const id = `o${index}`;
          if (s.op === 'cancel') {
            const target = placed[s.pick % Math.max(placed.length, 1)];
            const order = target === undefined ? undefined : orders.get(target);
            if (!order || order.status !== 'open') return;
            const cancelled = cancelWithStops(market, at, { orderId: order.id, userId: order.userId });
            if (cancelled) settle(at, cancelled);
            return;
          }
          const userId = users[s.user] as string;
          const q = s.quantity as QuantityLots;
          if (s.op === 'limit') {
            record(id, userId, s.side, q, hold(userId, s.side, s.price as PriceTicks, q));
            placed.push(id);
            placeLimit(at, id, userId, s.side, s.price as PriceTicks, q);
            return;
          }
          if (last === null) return;
          if (s.op === 'stop') {
            const stopPrice = s.stop as PriceTicks;
            if (isStopDue({ side: s.side, kind: s.kind, stopPrice }, last)) return;
            record(id, userId, s.side, q, hold(userId, s.side, s.price as PriceTicks, q));
            placed.push(id);
            market.stops.add({
              orderId: id,
              userId,
              side: s.side,
              kind: s.kind,
              stopPrice,
              seq: at,
              price: s.price as PriceTicks,
              quantity: q,
              timeInForce: 'gtc',
            });
            return;
          }
          if (s.op === 'stopMarket') {
            const stopPrice = s.stop as PriceTicks;
            if (isStopDue({ side: s.side, kind: s.kind, stopPrice }, last)) return;
            const order = stopMarketOrder(s.side, stopPrice);
            record(id, userId, s.side, q, hold(userId, s.side, order.price, q));
            placed.push(id);
            market.stops.add({
              orderId: id,
              userId,
              side: s.side,
              kind: s.kind,
              stopPrice,
              seq: at,
              price: order.price,
              quantity: q,
              timeInForce: order.timeInForce,
            });
            return;
          }
          // An OCO: a sell's limit above the last price and its stop below; a buy's the other way.
          const up = (n: bigint) => (last! + n) as PriceTicks;
          const down = (n: bigint) => (last! - n) as PriceTicks;
          const limitPrice = s.side === 'sell' ? up(s.gap) : down(s.gap);
          const stopPrice = s.side === 'sell' ? down(s.stopGap) : up(s.stopGap);
          const stopLimit = s.side === 'sell' ? down(s.stopGap + 1n) : up(s.stopGap + 1n);
          const higher = limitPrice > stopLimit ? limitPrice : stopLimit;
          const stopId = `${id}s`;
          record(id, userId, s.side, q, hold(userId, s.side, higher, q));
          record(stopId, userId, s.side, q, 0n);
          placed.push(id, stopId);
          market.stops.add({
            orderId: stopId,
            userId,
            side: s.side,
            kind: 'stop_loss',
            stopPrice,
            seq: at,
            price: stopLimit,
            quantity: q,
            timeInForce: 'gtc',
          });
          market.links.link(id, userId, id, stopId);
          placeLimit(at, id, userId, s.side, limitPrice, q);
        });
        const problems: string[] = [];
        for (const user of users)
          for (const asset of ['USDT', 'BTC'] as const) {
            const held = [...orders.values()]
              .filter((o) => o.userId === user && o.lockAsset === asset)
              .reduce((sum, o) => sum + o.lockedRemaining, 0n);
            const locked = balances.get(accountName(userAccount(user, asset, 'LOCKED'))) ?? 0n;
            if (held !== locked) problems.push(`${user} ${asset}: holds ${held}, locked ${locked}`);
          }
        for (const order of orders.values())
          if (order.status !== 'open' && order.lockedRemaining !== 0n)
            problems.push(`${order.id} closed, holds`);
        for (const asset of ['USDT', 'BTC'] as const) {
          let sum = 0n;
          for (const [name, amount] of balances) if (name.split('/')[1] === asset) sum += amount;
          if (sum !== 0n) problems.push(`${asset} sums to ${sum}`);
        }
        expect(problems).toEqual([]);
      }),
      { numRuns: 150 },
    );
    expect(triggers).toBeGreaterThan(50);
    expect(holdMoves).toBeGreaterThan(5);
    expect(marketTriggers).toBeGreaterThan(20);
  });
});
