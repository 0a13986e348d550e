import { messages as m } from '@exchange/contracts';
import type { AssetCode, PricePoint } from '@exchange/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { swapQuotes, walletTransactions } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, TEST_PRICES, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';

/**
 * Swap and MULTI quotes are not a free option: they widen as the reference price ages, each user
 * has a budget of them, and one whose rate moved against the house past SWAP_PRICE_TOLERANCE_BPS
 * (default 50) is refused at execution with nothing changed.
 */
const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
// Prices a test can move, seen by the feed at a chosen instant (so they can be made older).
let table: Partial<Record<AssetCode, bigint>> = { ...TEST_PRICES };
let observedAt = clock.now();
const prices = {
  latest(asset: AssetCode): PricePoint | undefined {
    const usd = table[asset];
    return usd === undefined ? undefined : { asset, usd, at: observedAt };
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { SWAP_QUOTE_LIMIT_PER_MINUTE: '3' }, deps: { prices } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  table = { ...TEST_PRICES };
  observedAt = clock.now();
});

const body = (from: string, to: string, amount: string, quoteId?: string) => ({
  from_crypto_currency_code: from,
  to_crypto_currency_code: to,
  from_amount: amount,
  ...(quoteId ? { quote_id: quoteId } : {}),
});
const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user.headers, payload });
const quote = (user: TestUser, from: string, to: string, amount: string) =>
  post(user, '/swap/quote', body(from, to, amount));

async function rowsOf(user: TestUser) {
  const quotes = await t.ctx.db.select().from(swapQuotes).where(eq(swapQuotes.userId, user.id));
  const unused = await t.ctx.db
    .select()
    .from(swapQuotes)
    .where(and(eq(swapQuotes.userId, user.id), isNull(swapQuotes.usedAt)));
  const history = await t.ctx.db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, user.id));
  return { quotes: quotes.length, unused: unused.length, history: history.length };
}

describe('swap quotes and an ageing price', () => {
  it('widen against the user as the reference prices age, as instant quotes do (swap and MULTI)', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '2');
    const fresh = (await quote(user, 'ETH', 'BTC', '1')).json().data;
    expect(fresh).toMatchObject({ rate: '0.05000000', to_amount: '0.04995000' });
    const freshMulti = (await quote(user, 'ETH', 'MULTI', '0.5')).json().data;
    expect(freshMulti).toMatchObject({ to_amount: '750.00000000' });

    // 15 s old (10 s past the 5 s grace, 2 bps a second): ETH is taken 20 bps lower, BTC and MULTI
    // given 20 bps higher. 1 ETH = 2994 / 60120 BTC, less the 0.1% fee.
    observedAt = new Date(clock.now().getTime() - 15_000);
    const aged = (await quote(user, 'ETH', 'BTC', '1')).json().data;
    expect(aged).toMatchObject({ rate: '0.04980039', fee: '0.00004981', to_amount: '0.04975058' });
    const stored = await t.ctx.db.select().from(swapQuotes).where(eq(swapQuotes.id, aged.quote_id));
    // The quote keeps the reference prices themselves, which execution is judged against.
    expect(stored[0]).toMatchObject({
      fromUsd: TEST_PRICES.ETH.toString(),
      toUsd: TEST_PRICES.BTC.toString(),
    });
  });

  it('widens a MULTI purchase the same way', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '1');
    observedAt = new Date(clock.now().getTime() - 15_000);
    // 0.5 ETH at 2994 USD into MULTI at 2.004 USD: 747.0059880..., cut to 4 decimals.
    const aged = (await quote(user, 'ETH', 'MULTI', '0.5')).json().data;
    expect(aged).toMatchObject({ to_amount: '747.00590000' });
  });
});

describe('the swap quote budget', () => {
  it('refuses the (N+1)th quote in a minute with 429 and writes no quote; other users keep theirs', async () => {
    const a = await createTestUser(t, { kyc: true });
    const b = await createTestUser(t, { kyc: true });
    await fund(t, a, 'ETH', '1');
    await fund(t, b, 'ETH', '1');
    const statuses = [];
    for (const to of ['BTC', 'MULTI', 'BNB']) statuses.push((await quote(a, 'ETH', to, '0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await quote(a, 'ETH', 'MULTI', '0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: m.swapQuoteBudget, code: 'rate_limited' });
    expect((await rowsOf(a)).quotes).toBe(3);
    expect((await quote(b, 'ETH', 'BTC', '0.1')).statusCode).toBe(200);
    // The instant quotes' budget is its own.
    const instant = await post(a, '/wallet/quotes', {
      side: 'buy',
      crypto_currency_code: 'BTC',
      quantity: '0.001',
    });
    expect(instant.statusCode).toBe(200);
    // A new minute, a new budget.
    clock.advance(60_000);
    observedAt = clock.now();
    expect((await quote(a, 'ETH', 'BTC', '0.1')).statusCode).toBe(200);
  });
});

describe('executing a quote after the price moved', () => {
  it('refuses a swap whose rate fell more than 50 bps against the house, and nothing changes', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '2');
    const q = (await quote(user, 'ETH', 'BTC', '1')).json().data;
    table.ETH = (TEST_PRICES.ETH * 9_949n) / 10_000n; // 51 bps lower: the quote pays out too much BTC
    const before = await balances(t, user);
    const res = await post(user, '/swap', body('ETH', 'BTC', '1', q.quote_id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: false, message: m.swapPriceMoved, code: 'price_moved' });
    expect(m.swapPriceMoved).toBe('The price moved; please request a new quote');
    expect(await balances(t, user)).toEqual(before);
    expect(await rowsOf(user)).toEqual({ quotes: 1, unused: 1, history: 0 });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses a MULTI purchase the same way, a MULTI price that rose counting as the same move', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '1');
    const q = (await quote(user, 'ETH', 'MULTI', '0.5')).json().data;
    table.MULTI = (TEST_PRICES.MULTI * 10_100n) / 10_000n;
    const res = await post(user, '/swap/multi', body('ETH', 'MULTI', '0.5', q.quote_id));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('price_moved');
    expect((await balances(t, user)).ETH?.balance).toBe('1.00000000');
    expect(await rowsOf(user)).toEqual({ quotes: 1, unused: 1, history: 0 });
    // A fresh quote at the new price goes through.
    const again = (await quote(user, 'ETH', 'MULTI', '0.5')).json().data;
    expect((await post(user, '/swap/multi', body('ETH', 'MULTI', '0.5', again.quote_id))).statusCode).toBe(
      200,
    );
    await expectLedgerConsistent(t.ctx.db);
  });

  it('executes at the quoted price within the tolerance (exactly 50 bps) and after a move in the house’s favour', async () => {
    expect(t.ctx.config.swapPriceToleranceBps).toBe(50n);
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '2');
    const q = (await quote(user, 'ETH', 'BTC', '1')).json().data;
    table.ETH = (TEST_PRICES.ETH * 9_950n) / 10_000n;
    const res = await post(user, '/swap', body('ETH', 'BTC', '1', q.quote_id));
    expect(res.statusCode).toBe(200);
    expect((await balances(t, user)).BTC?.balance).toBe(q.to_amount);

    // ETH up 5%: the customer would have got more now, but the quote is executed as quoted.
    table = { ...TEST_PRICES };
    const q2 = (await quote(user, 'ETH', 'BTC', '1')).json().data;
    table.ETH = (TEST_PRICES.ETH * 10_500n) / 10_000n;
    expect((await post(user, '/swap', body('ETH', 'BTC', '1', q2.quote_id))).statusCode).toBe(200);
    const after = await balances(t, user);
    expect(after.ETH?.balance).toBe('0.00000000');
    expect(after.BTC?.balance).toBe('0.09990000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses with the rate-unavailable message when the price has gone stale since the quote', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '1');
    const q = (await quote(user, 'ETH', 'MULTI', '0.5')).json().data;
    observedAt = new Date(clock.now().getTime() - (t.ctx.config.priceStaleAfterSeconds + 1) * 1000);
    const res = await post(user, '/swap/multi', body('ETH', 'MULTI', '0.5', q.quote_id));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(m.rateUnavailableMulticoin);
    expect(await rowsOf(user)).toEqual({ quotes: 1, unused: 1, history: 0 });
  });
});
