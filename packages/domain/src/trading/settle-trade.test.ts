import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountName,
  applyEntry,
  holdPostings,
  type Posting,
  releasePostings,
  systemAccount,
  userAccount,
} from '../ledger';
import { findMarket, type MarketRules } from '../markets';
import { type ExactCost, exactCost, marketUnits, quoteMinor } from '../matching/market-units';
import { buyOrderLock } from '../matching/order-funds';
import { priceTicks, quantityLots } from '../matching/types';
import { feeOf, type Minor } from '../money';
import { type FillTotals, fillStep, settleTrade } from './settle-trade';

const market = (id: string): MarketRules => {
  const rules = findMarket(id);
  if (!rules) throw new Error(`no market ${id}`);
  return rules;
};
const btc = market('BTC-USDT');
/** MATIC-USDT: price scale 5 + quantity scale 4 = cost scale 9, finer than USDT's 8, so costs round. */
const matic = market('MATIC-USDT');
const ZERO: FillTotals = { filledCost: 0n as ExactCost, filledQuote: 0n, feeQuote: 0n };

/** A tiny in-memory ledger: every entry must pass `applyEntry` (balanced, no overdraft). */
class Book {
  readonly balances = new Map<string, Minor>();
  post(postings: Posting[]): void {
    const result = applyEntry(this.balances, postings);
    if (!result.ok) throw new Error(`entry rejected: ${JSON.stringify(result)}`);
    for (const [name, amount] of result.value) this.balances.set(name, amount);
  }
  of(key: Parameters<typeof accountName>[0]): Minor {
    return this.balances.get(accountName(key)) ?? 0n;
  }
  /** Sum of every account of an asset: zero while nothing is created or lost. */
  total(asset: string): Minor {
    let sum = 0n;
    for (const [name, amount] of this.balances) if (name.split('/')[1] === asset) sum += amount;
    return sum;
  }
}

describe('fillStep', () => {
  it('a buyer filled in three pieces pays the same as one fill of the total, and never a unit more', () => {
    const u = marketUnits(matic);
    // 0.12345 × 0.0001 MATIC = 0.000012345 USDT: each piece alone would round up to 0.00001235.
    const piece = exactCost(u, priceTicks(12_345n), quantityLots(1n));
    let totals = ZERO;
    const quotes: Minor[] = [];
    for (let i = 0; i < 3; i++) {
      const step = fillStep(matic, u, 'buy', 'taker', totals, piece);
      totals = step.totals;
      quotes.push(step.quote);
    }
    // Cumulative: ceil(3703.5) = 3704 gross, fee ceil(3704 × 0.002) = 8.
    expect(totals.filledQuote).toBe(3_704n);
    expect(totals.feeQuote).toBe(8n);
    expect(quotes.reduce((a, b) => a + b, 0n)).toBe(3_704n + 8n);
    // Per-fill rounding would have charged 3 × (1235 + 3) = 3714: more than the order's hold.
    expect(buyOrderLock(matic, u, priceTicks(12_345n), quantityLots(3n))).toBe(3_712n);
  });

  it('a seller filled in pieces gets the cumulative amount rounded down, less the fee rounded up', () => {
    const u = marketUnits(matic);
    const piece = exactCost(u, priceTicks(12_345n), quantityLots(1n));
    let totals = ZERO;
    let received = 0n;
    for (let i = 0; i < 3; i++) {
      const step = fillStep(matic, u, 'sell', 'maker', totals, piece);
      totals = step.totals;
      received += step.quote;
    }
    expect(totals.filledQuote).toBe(3_703n);
    expect(totals.feeQuote).toBe(8n);
    expect(received).toBe(3_703n - 8n);
  });

  it('never lowers the fee already charged when a later fill is at a cheaper rate', () => {
    const rules: MarketRules = { ...matic, takerFeeBps: 30n, makerFeeBps: 10n };
    const u = marketUnits(rules);
    const cost = exactCost(u, priceTicks(100_000n), quantityLots(10_000n)); // 1 MATIC at 1 USDT
    const first = fillStep(rules, u, 'buy', 'taker', ZERO, cost);
    expect(first.fee).toBe(300_000n);
    const second = fillStep(rules, u, 'buy', 'maker', first.totals, cost);
    // 10 bps of 2 USDT is 200_000, below the 300_000 already charged: this fill is fee-free.
    expect(second.fee).toBe(0n);
    expect(second.totals.feeQuote).toBe(300_000n);
  });
});

describe('settleTrade', () => {
  it("moves the buyer's locked USDT to the seller and fee revenue, and the seller's locked BTC to the buyer", () => {
    const u = marketUnits(btc);
    // 0.25 BTC at 64250.1 = 16062.525 USDT; fee 32.12505 USDT each side.
    const t = settleTrade({
      rules: btc,
      units: u,
      price: priceTicks(642_501n),
      quantity: quantityLots(250_000n),
      takerSide: 'buy',
      buyer: { userId: 'b', totals: ZERO },
      seller: { userId: 's', totals: ZERO },
    });
    expect(t.baseAmount).toBe(25_000_000n);
    expect(t.buyer.quote).toBe(1_606_252_500_000n + 3_212_505_000n);
    expect(t.seller.quote).toBe(1_606_252_500_000n - 3_212_505_000n);
    expect(t.postings).toEqual([
      { account: userAccount('b', 'USDT', 'LOCKED'), amount: -(1_606_252_500_000n + 3_212_505_000n) },
      { account: userAccount('s', 'USDT', 'AVAILABLE'), amount: 1_606_252_500_000n - 3_212_505_000n },
      { account: systemAccount('FEE_REVENUE', 'USDT'), amount: 2n * 3_212_505_000n },
      { account: userAccount('s', 'BTC', 'LOCKED'), amount: -25_000_000n },
      { account: userAccount('b', 'BTC', 'AVAILABLE'), amount: 25_000_000n },
    ]);
  });

  // Fills go down to a single lot, where costs are finer than USDT's minor unit and the two sides'
  // roundings can disagree (see the 1-lot scenario below).
  it('property: random partial fills of a buy order stay within its hold, release the rest, and balance every asset', () => {
    const rules = matic;
    const u = marketUnits(rules);
    const fill = fc.record({
      below: fc.bigInt(0n, 5n), // the maker's price: at or under the buy order's limit
      lots: fc.bigInt(1n, 5_000n),
      role: fc.constantFrom('maker' as const, 'taker' as const),
      seller: fc.integer({ min: 0, max: 2 }),
    });
    fc.assert(
      fc.property(
        fc.bigInt(6n, 2_000_000n), // the limit, in ticks: above the largest `below`, so prices stay positive
        fc.array(fill, { minLength: 1, maxLength: 25 }),
        fc.bigInt(0n, 10_000n),
        (limit, fills, unfilled) => {
          const filledLots = fills.reduce((sum, f) => sum + f.lots, 0n);
          const lock = buyOrderLock(rules, u, priceTicks(limit), quantityLots(filledLots + unfilled));
          const ledger = new Book();
          // The buyer funds exactly the hold; each seller holds enough MATIC for its fills.
          ledger.post([
            { account: systemAccount('PAYMENT_CLEARING', 'USDT'), amount: -lock },
            { account: userAccount('buyer', 'USDT'), amount: lock },
          ]);
          ledger.post(holdPostings('buyer', 'USDT', lock));
          const sellerTotals = new Map<string, FillTotals>();
          for (const id of ['s0', 's1', 's2']) {
            ledger.post([
              { account: systemAccount('PAYMENT_CLEARING', 'MATIC'), amount: -100_000_000_000n },
              { account: userAccount(id, 'MATIC'), amount: 100_000_000_000n },
            ]);
            ledger.post(holdPostings(id, 'MATIC', 100_000_000_000n));
            sellerTotals.set(id, ZERO);
          }
          let buyer = ZERO;
          let charged = 0n;
          let sellersGot = 0n;
          for (const f of fills) {
            const seller = `s${f.seller}`;
            const t = settleTrade({
              rules,
              units: u,
              price: priceTicks(limit - f.below),
              quantity: quantityLots(f.lots),
              takerSide: f.role === 'taker' ? 'buy' : 'sell',
              buyer: { userId: 'buyer', totals: buyer },
              seller: { userId: seller, totals: sellerTotals.get(seller) ?? ZERO },
            });
            expect(t.buyer.quote).toBeGreaterThanOrEqual(0n);
            expect(t.seller.quote).toBeGreaterThanOrEqual(0n);
            ledger.post(t.postings); // throws if unbalanced or if the buyer's LOCKED would go negative
            buyer = t.buyer.totals;
            sellerTotals.set(seller, t.seller.totals);
            charged += t.buyer.quote;
            sellersGot += t.seller.quote;
            expect(charged).toBeLessThanOrEqual(lock);
          }
          // What the buyer was charged is exactly its cumulative gross plus fees.
          expect(charged).toBe(buyer.filledQuote + buyer.feeQuote);
          expect(buyer.filledQuote).toBe(quoteMinor(u, buyer.filledCost, 'up'));
          // The leftover hold is lock − charged, and releasing it empties the order's LOCKED.
          const leftover = lock - charged;
          expect(ledger.of(userAccount('buyer', 'USDT', 'LOCKED'))).toBe(leftover);
          if (leftover > 0n) ledger.post(releasePostings('buyer', 'USDT', leftover));
          expect(ledger.of(userAccount('buyer', 'USDT', 'LOCKED'))).toBe(0n);
          expect(ledger.of(userAccount('buyer', 'USDT'))).toBe(leftover);
          // Nothing created or lost: USDT the buyer paid = what sellers got + fee revenue; MATIC moved 1:1.
          expect(ledger.of(systemAccount('FEE_REVENUE', 'USDT'))).toBe(charged - sellersGot);
          let sellersUsdt = 0n;
          let sellersMaticSpent = 0n;
          for (const id of ['s0', 's1', 's2']) {
            sellersUsdt += ledger.of(userAccount(id, 'USDT'));
            sellersMaticSpent += 100_000_000_000n - ledger.of(userAccount(id, 'MATIC', 'LOCKED'));
          }
          expect(sellersUsdt).toBe(sellersGot);
          expect(ledger.of(userAccount('buyer', 'MATIC'))).toBe(sellersMaticSpent);
          expect(sellersMaticSpent).toBe(filledLots * 10_000n); // MATIC scale 8, quantity scale 4: 10^4 units a lot
          expect(ledger.total('USDT')).toBe(0n);
          expect(ledger.total('MATIC')).toBe(0n);
          // The house keeps fees and rounding: at least the buyer's and sellers' fees combined.
          let sellerFees = 0n;
          for (const totals of sellerTotals.values()) sellerFees += totals.feeQuote;
          expect(charged - sellersGot).toBeGreaterThanOrEqual(buyer.feeQuote + sellerFees);
        },
      ),
    );
  });

  // Cumulative rounding is per order, so a tiny fill can round the buyer's gross to 0 while the
  // seller's (another history) rounds up by one unit, with no fee increment on either side. Real
  // MATIC-USDT rules, price 0.00006: the buyer fills 353 lots from A, 1 from C, then 1 from A.
  it('a 1-lot MATIC fill after differently rounded histories settles without the house paying out more than it took', () => {
    const u = marketUnits(matic);
    let buyer = ZERO;
    const sellers = new Map<string, FillTotals>([
      ['A', ZERO],
      ['C', ZERO],
    ]);
    for (const [seller, lots] of [
      ['A', 353n],
      ['C', 1n],
      ['A', 1n],
    ] as const) {
      const t = settleTrade({
        rules: matic,
        units: u,
        price: priceTicks(6n),
        quantity: quantityLots(lots),
        takerSide: 'sell',
        buyer: { userId: 'B', totals: buyer },
        seller: { userId: seller, totals: sellers.get(seller) ?? ZERO },
      });
      expect(t.seller.quote).toBeLessThanOrEqual(t.buyer.quote);
      buyer = t.buyer.totals;
      sellers.set(seller, t.seller.totals);
    }
  });

  it('property: with one fee rate, fills settled piece by piece equal one fill of the total', () => {
    const u = marketUnits(matic);
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.bigInt(1n, 3_000_000n), lots: fc.bigInt(1n, 100_000n) }), {
          minLength: 1,
          maxLength: 20,
        }),
        (fills) => {
          let buyer = ZERO;
          let seller = ZERO;
          for (const f of fills) {
            const cost = exactCost(u, priceTicks(f.price), quantityLots(f.lots));
            buyer = fillStep(matic, u, 'buy', 'taker', buyer, cost).totals;
            seller = fillStep(matic, u, 'sell', 'maker', seller, cost).totals;
          }
          const gross = quoteMinor(u, buyer.filledCost, 'up');
          expect(buyer.filledQuote).toBe(gross);
          expect(buyer.feeQuote).toBe(feeOf(gross, 20n));
          const sold = quoteMinor(u, seller.filledCost, 'down');
          expect(seller.filledQuote).toBe(sold);
          expect(seller.feeQuote).toBe(feeOf(sold, 20n));
        },
      ),
    );
  });
});
