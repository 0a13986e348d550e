import { messages } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, holdLoop, limitOrder, place, untilWaiting } from './trading-test-helpers';

/**
 * A market maker (issue 48): ONE account's many commands over four markets in one round. The round
 * reads the account's balances once, projects every command's hold and release on them in order,
 * and writes the account's USDT rows once with the round's summed change; these scenarios check that
 * the answers, the balances and the ledger come out exact.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MARKETS = ['BTC-USDT', 'ETH-USDT', 'XRP-USDT', 'DOT-USDT'] as const;

/** A resting buy on each market that holds the same 300.6 USDT (300 and the 0.2% fee). */
const BUY_300: Record<(typeof MARKETS)[number], ReturnType<typeof limitOrder>> = {
  'BTC-USDT': limitOrder('buy', '0.005', '60000', 'BTC-USDT'),
  'ETH-USDT': limitOrder('buy', '0.1', '3000', 'ETH-USDT'),
  'XRP-USDT': limitOrder('buy', '600', '0.5', 'XRP-USDT'),
  'DOT-USDT': limitOrder('buy', '50', '6', 'DOT-USDT'),
};

function cancel(user: TestUser, marketId: string, orderId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=${marketId}&order_id=${orderId}`,
    headers: user.headers,
  });
}

/** The transactions that last wrote these orders (PostgreSQL's xmin of each row). */
async function ordersWrittenBy(orderIds: readonly string[]): Promise<Set<string>> {
  const found = await t.ctx.db.execute<{ tx: string }>(
    sql`SELECT xmin::text AS tx FROM orders WHERE id = ANY(${sql.param([...orderIds])}::uuid[])`,
  );
  expect(found.rows).toHaveLength(orderIds.length);
  return new Set(found.rows.map((row) => row.tx));
}

/** The transactions that last wrote the user's USDT AVAILABLE and LOCKED rows. */
async function usdtRowsWrittenBy(user: TestUser): Promise<Set<string>> {
  const found = await t.ctx.db.execute<{ tx: string }>(
    sql`SELECT xmin::text AS tx FROM ledger_accounts
         WHERE user_id = ${user.id}::uuid AND asset = 'USDT' AND kind IN ('AVAILABLE', 'LOCKED')`,
  );
  expect(found.rows).toHaveLength(2);
  return new Set(found.rows.map((row) => row.tx));
}

/**
 * The user's netted holds entries (netHolds), oldest first: the orders each names in its memo, and
 * what it moved into the user's LOCKED balance (minor units).
 */
async function holdEntries(user: TestUser): Promise<{ parts: string[]; locked: string }[]> {
  const found = await t.ctx.db.execute<{ parts: string[]; locked: string }>(sql`
    SELECT (SELECT array_agg(split_part(part, ' ', 1)) FROM jsonb_array_elements_text(e.memo->'parts') part) AS parts,
           (SELECT sum(p.amount)::text FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
             WHERE p.entry_id = e.id AND a.kind = 'LOCKED') AS locked
      FROM journal_entries e WHERE e.user_id = ${user.id}::uuid AND e.kind = 'ORDER_HOLDS' ORDER BY e.id`);
  return found.rows.map((row) => ({ parts: [...row.parts].sort(), locked: row.locked }));
}

describe("one account's commands on four markets in one round", () => {
  it('places 33 orders the balance covers 32 of, then cancels half and places again: one write each round, the ledger exact', async () => {
    const maker = await createTestUser(t, { kyc: true });
    // 32 holds of 300.6 are 9,619.2 USDT; 80.8 stays, too little for a 33rd.
    await fund(t, maker, 'USDT', '9700');

    let hold = holdLoop(t, 'BTC-USDT');
    const placing = [
      ...MARKETS.flatMap((market) => Array.from({ length: 8 }, () => place(t, maker, BUY_300[market]))),
      place(t, maker, BUY_300['DOT-USDT']),
    ];
    for (const market of MARKETS) await untilWaiting(t, market, market === 'DOT-USDT' ? 9 : 8);
    hold.release();
    const placed = await Promise.all(placing);
    await hold.busy;
    const refused = placed.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json().message).toBe(messages.insufficientAmount);
    const ok = placed.filter((r) => r.statusCode === 200).map((r) => r.json().data.order);
    expect(ok).toHaveLength(32);
    // The round's one transaction wrote every order and the account's two USDT rows.
    const firstRound = await ordersWrittenBy(ok.map((o) => o.id as string));
    expect(firstRound.size).toBe(1);
    expect(await usdtRowsWrittenBy(maker)).toEqual(firstRound);
    expect((await balances(t, maker)).USDT).toEqual({ balance: '80.80000000', locked: '9619.20000000' });
    // Its 32 holds are one journal entry that names each order.
    const holdsOf = (ids: readonly string[], prefix: string) => ids.map((id) => `${prefix}:${id}`);
    expect(await holdEntries(maker)).toEqual([
      {
        parts: holdsOf(
          ok.map((o) => o.id as string),
          'order-hold',
        ).sort(),
        locked: '961920000000',
      },
    ]);

    // Each market: four of its orders cancelled, then one more placed, all in the next round. Each
    // place waits behind its own market's cancels, whose releases cover it.
    hold = holdLoop(t, 'BTC-USDT');
    const mine = (market: string) => ok.filter((o) => o.market_id === market).slice(0, 4);
    const cancelled = MARKETS.flatMap((market) => mine(market).map((o) => o.id as string));
    const sends: ReturnType<typeof place>[] = [];
    for (const market of MARKETS) {
      for (const order of mine(market)) sends.push(cancel(maker, market, order.id));
      await untilWaiting(t, market, 4);
      sends.push(place(t, maker, BUY_300[market]));
      await untilWaiting(t, market, 5);
    }
    hold.release();
    const answers = await Promise.all(sends);
    await hold.busy;
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const fresh = answers.filter((_, i) => i % 5 === 4).map((r) => r.json().data.order.id as string);
    const secondRound = await ordersWrittenBy([...cancelled, ...fresh]);
    expect(secondRound.size).toBe(1);
    expect(secondRound).not.toEqual(firstRound);
    expect(await usdtRowsWrittenBy(maker)).toEqual(secondRound);
    // 16 holds released (4,809.6) and 4 taken (1,202.4).
    expect((await balances(t, maker)).USDT).toEqual({ balance: '3688.00000000', locked: '6012.00000000' });
    const [, second] = await holdEntries(maker);
    expect(second).toEqual({
      parts: [...holdsOf(fresh, 'order-hold'), ...holdsOf(cancelled, 'order-release')].sort(),
      locked: '-360720000000',
    });
    const open = await t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${maker.id}::uuid AND status = 'open'`,
    );
    expect(open.rows[0]!.n).toBe(20);
    await expectLedgerConsistent(t.ctx.db);
  });
});
