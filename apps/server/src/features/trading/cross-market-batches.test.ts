import { messages } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAppContext, type ZodApi } from '../../platform/app-context';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import {
  balances,
  breakAfterMovingBook,
  fund,
  holdLoop,
  limitOrder,
  place,
  untilWaiting,
} from './trading-test-helpers';

/**
 * One matching loop serves every market: a round takes the commands waiting on each market and writes
 * them with one statement. These scenarios hold the loop (a command on BTC-USDT that waits for its
 * release), so that what is sent meanwhile forms one round.
 */
let t: TestApp;
let second: ZodApi;
beforeAll(async () => {
  t = await createTestApp();
  second = (await buildApp(createAppContext({ ...t.ctx }))).app;
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** A resting buy on each market that holds the same 300.6 USDT (300 and the 0.2% fee). */
const BUY_300: Record<string, ReturnType<typeof limitOrder>> = {
  'BTC-USDT': limitOrder('buy', '0.005', '60000', 'BTC-USDT'),
  'ETH-USDT': limitOrder('buy', '0.1', '3000', 'ETH-USDT'),
  'XRP-USDT': limitOrder('buy', '600', '0.5', 'XRP-USDT'),
  'DOT-USDT': limitOrder('buy', '50', '6', 'DOT-USDT'),
};

async function usdtTrader(usdt: string): Promise<TestUser> {
  const user = await createTestUser(t, { kyc: true });
  await fund(t, user, 'USDT', usdt);
  return user;
}

/** The transactions that wrote these orders (PostgreSQL's xmin of each row). */
async function writtenBy(orderIds: readonly string[]): Promise<Set<string>> {
  const found = await t.ctx.db.execute<{ tx: string }>(
    sql`SELECT xmin::text AS tx FROM orders WHERE id = ANY(${sql.param([...orderIds])}::uuid[])`,
  );
  expect(found.rows).toHaveLength(orderIds.length);
  return new Set(found.rows.map((row) => row.tx));
}

async function sequenceOf(marketId: string): Promise<bigint> {
  const found = await t.ctx.db.execute<{ seq: string }>(
    sql`SELECT last_seq::text AS seq FROM market_sequences WHERE market_id = ${marketId}`,
  );
  return BigInt(found.rows[0]?.seq ?? '0');
}

async function openOn(marketId: string): Promise<number> {
  const found = await t.ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM orders WHERE market_id = ${marketId} AND status = 'open'`,
  );
  return found.rows[0]!.n;
}

// First: it counts every trade and open order of its two markets.
// First: it counts every trade and open order of its two markets.
describe('markets touching the same accounts', () => {
  it('crossing the same users both ways on two markets settles every fill', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 6; i += 1) {
      const user = await createTestUser(t, { kyc: true });
      await fund(t, user, 'USDT', '100000');
      await fund(t, user, 'BTC', '1');
      await fund(t, user, 'ETH', '10');
      users.push(user);
    }
    for (let round = 0; round < 4; round += 1) {
      // Pairs (0,1), (2,3), (4,5): on BTC-USDT the even user sells to the odd one, on ETH-USDT the odd
      // user sells to the even one. The round settles fills between the same users with makers and
      // takers swapped on its two markets, so its postings touch the same USDT accounts from both
      // sides; no user is ever on both sides of one market (no self-trade).
      const btc = holdLoop(t, 'BTC-USDT');
      const eth = holdLoop(t, 'ETH-USDT');
      const sends = users.flatMap((user, i) =>
        i % 2 === 0
          ? [
              place(t, user, limitOrder('sell', '0.01', '50000', 'BTC-USDT')),
              place(t, user, limitOrder('buy', '0.1', '3000', 'ETH-USDT')),
            ]
          : [
              place(t, user, limitOrder('buy', '0.01', '50000', 'BTC-USDT')),
              place(t, user, limitOrder('sell', '0.1', '3000', 'ETH-USDT')),
            ],
      );
      await untilWaiting(t, 'BTC-USDT', users.length);
      await untilWaiting(t, 'ETH-USDT', users.length);
      btc.release();
      eth.release();
      const answers = await Promise.all(sends);
      await Promise.all([btc.busy, eth.busy]);
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    }
    const trades = await t.ctx.db.execute<{ market_id: string; n: number }>(
      sql`SELECT market_id, count(*)::int AS n FROM trades GROUP BY market_id ORDER BY market_id`,
    );
    expect(trades.rows).toEqual([
      { market_id: 'BTC-USDT', n: 12 },
      { market_id: 'ETH-USDT', n: 12 },
    ]);
    const open = await t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE status = 'open'`,
    );
    expect(open.rows[0]!.n).toBe(0);
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('one round for several markets', () => {
  it('orders waiting on four markets are written by one transaction, each market numbered on its own', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => usdtTrader('1300')));
    const markets = Object.keys(BUY_300);
    const before = await Promise.all(markets.map(sequenceOf));
    const hold = holdLoop(t, 'BTC-USDT');
    const sends = users.flatMap((user) => markets.map((market) => place(t, user, BUY_300[market]!)));
    for (const market of markets) await untilWaiting(t, market, users.length);
    hold.release();
    const answers = await Promise.all(sends);
    await hold.busy;
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const ids = answers.map((r) => r.json().data.order.id as string);
    expect((await writtenBy(ids)).size).toBe(1);
    // Each market's sequence moved by its own four orders (BTC-USDT's by the held command as well).
    const after = await Promise.all(markets.map(sequenceOf));
    expect(after.map((seq, i) => seq - before[i]!)).toEqual(markets.map((m) => (m === 'BTC-USDT' ? 5n : 4n)));
    for (const market of markets) expect(t.trading.engine.market(market)?.book.orderCount).toBe(4);
    for (const user of users)
      expect((await balances(t, user)).USDT).toEqual({ balance: '97.60000000', locked: '1202.40000000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it("checks a user's balance once across the round: of two orders on two markets it covers one, one is refused", async () => {
    const user = await usdtTrader('500');
    const hold = holdLoop(t, 'BTC-USDT');
    const sends = [place(t, user, BUY_300['ETH-USDT']!), place(t, user, BUY_300['DOT-USDT']!)];
    await untilWaiting(t, 'ETH-USDT', 1);
    await untilWaiting(t, 'DOT-USDT', 1);
    hold.release();
    const answers = await Promise.all(sends);
    await hold.busy;
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)?.json().message).toBe(messages.insufficientAmount);
    expect((await balances(t, user)).USDT).toEqual({ balance: '199.40000000', locked: '300.60000000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a market another process moved meanwhile is rebuilt and written alone; the other markets are not refused', async () => {
    const user = await usdtTrader('1000');
    const resting = await place(t, user, BUY_300['ETH-USDT']!);
    expect(resting.statusCode).toBe(200);
    const hold = holdLoop(t, 'BTC-USDT');
    const sends = [place(t, user, BUY_300['BTC-USDT']!), place(t, user, BUY_300['ETH-USDT']!)];
    await untilWaiting(t, 'BTC-USDT', 1);
    await untilWaiting(t, 'ETH-USDT', 1);
    // As another process's write would: ETH-USDT's stored sequence is no longer the one its book shows.
    await t.ctx.db.execute(
      sql`UPDATE market_sequences SET last_seq = last_seq + 1 WHERE market_id = 'ETH-USDT'`,
    );
    const moved = await sequenceOf('ETH-USDT');
    hold.release();
    const answers = await Promise.all(sends);
    await hold.busy;
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const [btcId, ethId] = answers.map((r) => r.json().data.order.id as string);
    // Written apart: the round failed whole and each market was written on its own, ETH-USDT after
    // its book was rebuilt from storage (with the order that rested before) at the moved sequence.
    expect((await writtenBy([btcId!, ethId!])).size).toBe(2);
    const seq = await t.ctx.db.execute<{ seq: string }>(
      sql`SELECT seq::text AS seq FROM orders WHERE id = ${ethId}`,
    );
    expect(BigInt(seq.rows[0]!.seq)).toBe(moved + 1n);
    expect(t.trading.engine.market('ETH-USDT')?.book.orderCount).toBe(await openOn('ETH-USDT'));
    expect((await balances(t, user)).USDT).toEqual({ balance: '98.20000000', locked: '901.80000000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it("a command that fails after moving its book fails no other market's command", async () => {
    const user = await usdtTrader('1000');
    const hold = holdLoop(t, 'BTC-USDT');
    const btc = place(t, user, BUY_300['BTC-USDT']!);
    await untilWaiting(t, 'BTC-USDT', 1);
    const dot = place(t, user, BUY_300['DOT-USDT']!);
    await untilWaiting(t, 'DOT-USDT', 1);
    const broken = breakAfterMovingBook(t, 'DOT-USDT');
    await untilWaiting(t, 'DOT-USDT', 2);
    const after = place(t, user, limitOrder('buy', '10', '6', 'DOT-USDT'));
    const xrp = place(t, user, BUY_300['XRP-USDT']!);
    await untilWaiting(t, 'DOT-USDT', 3);
    await untilWaiting(t, 'XRP-USDT', 1);
    hold.release();
    await expect(broken).rejects.toThrow('boom after the book moved');
    const answers = await Promise.all([btc, dot, after, xrp]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    await hold.busy;
    // The stray order never reached storage: DOT-USDT's book was rebuilt without it.
    expect(t.trading.engine.market('DOT-USDT')?.book.orderCount).toBe(await openOn('DOT-USDT'));
    // 3 x 300.6 and 60.12 (10 DOT at 6 and the fee) held.
    expect((await balances(t, user)).USDT).toEqual({ balance: '38.08000000', locked: '961.92000000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('many parallel orders over four markets sent to two processes: no balance overdrawn, the ledger clean', async () => {
    // Each user can hold three of the 300.6 USDT buys, not four; each sends eight, two per market,
    // half to each app, all at once. The two apps' rounds write the same users' accounts on the same
    // markets, each locking the markets' sequence rows and then the accounts in one order.
    const users = await Promise.all(Array.from({ length: 8 }, () => usdtTrader('1000')));
    const markets = Object.keys(BUY_300);
    const sends = users.flatMap((user) =>
      markets.flatMap((market) => [
        place(t, user, BUY_300[market]!),
        second.inject({
          method: 'POST',
          url: '/api/v1/wallet/limitorder/limitInstant/buy',
          headers: user.headers,
          payload: BUY_300[market]!,
        }),
      ]),
    );
    const answers = await Promise.all(sends);
    for (const refused of answers.filter((r) => r.statusCode !== 200))
      expect(refused.json().message).toBe(messages.insufficientAmount);
    for (const [i, user] of users.entries()) {
      const mine = answers.slice(i * 8, i * 8 + 8);
      expect(mine.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect((await balances(t, user)).USDT).toEqual({ balance: '98.20000000', locked: '901.80000000' });
    }
    await expectLedgerConsistent(t.ctx.db);
  });
});
