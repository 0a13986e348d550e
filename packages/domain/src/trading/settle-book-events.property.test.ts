import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountName, applyEntry, holdPostings, systemAccount, userAccount } from '../ledger';
import { findMarket, type MarketRules } from '../markets';
import { marketUnits } from '../matching/market-units';
import { OrderBook } from '../matching/order-book';
import { buyOrderLock, sellOrderLock } from '../matching/order-funds';
import type { BookEvent, PriceTicks, QuantityLots, TimeInForce } from '../matching/types';
import type { Minor } from '../money';
import { type SettlingOrder, settleBookEvents } from './settle-book-events';

const rules = findMarket('BTC-USDT') as MarketRules;
const units = marketUnits(rules);
const users = ['ann', 'bob', 'cat'] as const;

type Step =
  | { op: 'place'; user: number; side: 'buy' | 'sell'; price: bigint; quantity: bigint; tif: TimeInForce }
  | { op: 'cancel'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('place' as const),
      user: fc.nat(2),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      // Around 60 000 USDT in ticks, in a narrow band so orders cross often.
      price: fc.bigInt(59_990_0n, 60_010_0n),
      quantity: fc.bigInt(1n, 5_000n),
      tif: fc.constantFrom<TimeInForce>('gtc', 'ioc', 'fok', 'post_only'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }) },
);

/**
 * Any sequence of orders of every time in force and cancels, placed as the server places them (a
 * post-only order that would take is refused before anything is held; otherwise the hold, the book,
 * then the events settled and posted): no entry is refused, and after every command each user's
 * LOCKED balance is exactly the holds their open orders still have, a closed order holds nothing,
 * and every asset's accounts still sum to what was funded. No command creates or loses a held unit.
 */
describe('holds under any command stream', () => {
  it('are conserved by every order type and cancel', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), (steps) => {
        const book = new OrderBook();
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
        const settle = (seq: bigint, events: readonly BookEvent[]) => {
          const out = settleBookEvents({ rules, units, seq, events, orders });
          for (const entry of out.entries) post(entry.postings);
          for (const order of out.orders) orders.set(order.id, order);
        };
        const placed: string[] = [];
        steps.forEach((s, index) => {
          const seq = BigInt(index + 1);
          if (s.op === 'cancel') {
            const id = placed[s.pick % Math.max(placed.length, 1)];
            const order = id === undefined ? undefined : orders.get(id);
            if (!order) return;
            const applied = book.apply({ kind: 'cancel', seq, orderId: order.id, userId: order.userId });
            if (applied.ok) settle(seq, applied.value);
            return;
          }
          const userId = users[s.user] as string;
          const price = s.price as PriceTicks;
          const quantity = s.quantity as QuantityLots;
          if (s.tif === 'post_only' && book.wouldTake(s.side, price)) return;
          const id = `o${index}`;
          const lock =
            s.side === 'buy' ? buyOrderLock(rules, units, price, quantity) : sellOrderLock(units, quantity);
          const lockAsset = s.side === 'buy' ? 'USDT' : 'BTC';
          post(holdPostings(userId, lockAsset, lock));
          orders.set(id, {
            id,
            userId,
            side: s.side,
            quantityLots: quantity,
            filledLots: 0n,
            cancelledLots: 0n,
            filledCost: 0n,
            filledQuote: 0n as Minor,
            feeQuote: 0n as Minor,
            lockAsset,
            lockedRemaining: lock,
            status: 'open',
          });
          placed.push(id);
          const applied = book.apply({
            kind: 'place',
            seq,
            orderId: id,
            userId,
            side: s.side,
            price,
            quantity,
            timeInForce: s.tif,
          });
          if (!applied.ok) throw new Error(`refused: ${applied.code}`);
          settle(seq, applied.value);
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
  });
});
