import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { TAPE_SIZE, TradeTape } from './trade-tape';
import { fund, limitOrder, place } from './trading-test-helpers';

const MARKET = 'ETH-USDT';
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t, { kyc: true });
  buyer = await createTestUser(t, { kyc: true });
  await fund(t, seller, 'ETH', '10');
  await fund(t, buyer, 'USDT', '10000');
});
afterAll(async () => t.close());

/** One trade through the API: the seller rests 0.01 ETH at 200, the buyer takes it. */
async function cross(): Promise<void> {
  expect((await place(t, seller, limitOrder('sell', '0.01', '200', MARKET))).statusCode).toBe(200);
  expect((await place(t, buyer, limitOrder('buy', '0.01', '200', MARKET))).statusCode).toBe(200);
}

/** `n` more stored trades like the market's newest (a market's history without the orders behind it). */
async function copyNewestTrade(n: number): Promise<void> {
  await t.ctx.db.execute(sql`
    INSERT INTO trades (market_id, maker_order_id, taker_order_id, maker_user_id, taker_user_id, taker_side,
                        price_ticks, quantity_lots, cost, buyer_fee, seller_fee)
    SELECT market_id, maker_order_id, taker_order_id, maker_user_id, taker_user_id, taker_side,
           price_ticks, quantity_lots, cost, buyer_fee, seller_fee
      FROM (SELECT * FROM trades WHERE market_id = ${MARKET} ORDER BY id DESC LIMIT 1) newest,
           generate_series(1, ${n})`);
}

async function publicTrades() {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/market/trades/${MARKET}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string }[];
}

const ids = (views: readonly { id: string }[]) => views.map((view) => BigInt(view.id));
const newestFirst = (list: bigint[]) => list.every((id, i) => i === 0 || id < list[i - 1]!);

describe("a market's trade tape", () => {
  it('answers each trade committed before the request, newest first, after its first read', async () => {
    await cross();
    const first = await publicTrades();
    expect(first).toHaveLength(1);
    await cross();
    const second = await publicTrades();
    expect(second).toHaveLength(2);
    expect(ids(second)[1]).toBe(ids(first)[0]);
    expect(newestFirst(ids(second))).toBe(true);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('reads only the trades stored since its newest, however many the market holds', async () => {
    await copyNewestTrade(2_000);
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = drizzle(t.database.pool, {
      schema,
      logger: { logQuery: (text, params) => statements.push({ sql: text, params }) },
    });
    const tape = new TradeTape(recording);
    const before = await tape.latest(MARKET);
    expect(before).toHaveLength(TAPE_SIZE);
    await copyNewestTrade(3);
    const after = await tape.latest(MARKET);
    expect(after).toHaveLength(TAPE_SIZE);
    expect(newestFirst(ids(after))).toBe(true);
    // The three new trades on top, then the tape as it was, less its three oldest.
    expect(ids(after).slice(3)).toEqual(ids(before).slice(0, TAPE_SIZE - 3));
    expect(ids(after)[0]! - ids(before)[0]!).toBe(3n);
    // And the reads agree with what the API answers.
    expect(ids(await publicTrades())).toEqual(ids(after));

    expect(statements).toHaveLength(2);
    const catchUp = statements[1]!;
    const plan = await t.database.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ANALYZE ${catchUp.sql}`,
      catchUp.params,
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    const rowsRead = [...text.matchAll(/actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/g)].map((m) =>
      Number(m[1]),
    );
    expect(rowsRead.length, text).toBeGreaterThan(0);
    // No node of the plan touched more than the three new rows (not the market's 2,000).
    expect(Math.max(...rowsRead), text).toBeLessThanOrEqual(3);
  });
});
