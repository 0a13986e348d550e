import { randomUUID } from 'node:crypto';
import { messages } from '@exchange/contracts';
import { feePostings, parseDecimal } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { postEntry } from '../ledger/post-entries';
import { balances, fund, limitOrder, place } from './trading-test-helpers';

/**
 * What one committed round leaves for the next (RoundCarry): a market maker's balances, open counts
 * and orders are not read again each round; a balance another writer changed in between is still
 * answered right, on a fresh read, and the ledger stays exact.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Holds 300.6 USDT (300 and the 0.2% fee). */
const BUY_300 = limitOrder('buy', '0.005', '60000', 'BTC-USDT');

/** Takes `amount` USDT from the user outside the trading engine (as a withdrawal would). */
async function debitOutside(user: TestUser, amount: string): Promise<boolean> {
  const posted = await postEntry(t.ctx.db, {
    kind: 'TEST_DEBIT',
    reference: `test-debit:${randomUUID()}`,
    userId: user.id,
    postings: feePostings(user.id, 'USDT', parseDecimal(amount, 8)!),
  });
  return posted.ok;
}

/** The SQL texts the pool is sent while `work` runs. */
async function statementsDuring(work: () => Promise<void>): Promise<string[]> {
  const pool = t.ctx.db.$client;
  const seen: string[] = [];
  const query = pool.query.bind(pool);
  vi.spyOn(pool, 'query').mockImplementation(((config: unknown, ...rest: unknown[]) => {
    seen.push(typeof config === 'string' ? config : String((config as { text?: string }).text));
    return (query as (...args: unknown[]) => unknown)(config, ...rest);
  }) as typeof pool.query);
  await work();
  vi.restoreAllMocks();
  return seen;
}

/** The engine's reads of balances, open-order counts and orders (a round's first look). */
const engineReads = (statements: readonly string[]) =>
  statements.filter((text) => /NULL AS kind|SELECT orders\.id|shard, scope|FROM "orders"/.test(text));

describe('what a round leaves for the next', () => {
  it("takes the account's balances and its order from the last round instead of reading them again", async () => {
    const maker = await createTestUser(t, { kyc: true });
    await fund(t, maker, 'USDT', '1000');
    const first = await place(t, maker, BUY_300);
    expect(first.statusCode).toBe(200);
    const orderId = first.json().data.order.id as string;

    let answer: Awaited<ReturnType<typeof place>> | undefined;
    const placing = await statementsDuring(async () => {
      answer = await place(t, maker, BUY_300);
    });
    expect(answer!.statusCode).toBe(200);
    expect(engineReads(placing)).toEqual([]);

    const cancelling = await statementsDuring(async () => {
      answer = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${orderId}`,
        headers: maker.headers,
      });
    });
    expect(answer!.statusCode).toBe(200);
    expect(engineReads(cancelling)).toEqual([]);
    expect((await balances(t, maker)).USDT).toEqual({ balance: '699.40000000', locked: '300.60000000' });
    // The statements the engine would otherwise send are the ones looked for.
    const fresh = await createTestUser(t, { kyc: true });
    await fund(t, fresh, 'USDT', '400');
    const firstLook = await statementsDuring(async () => {
      answer = await place(t, fresh, BUY_300);
    });
    expect(answer!.statusCode).toBe(200);
    expect(engineReads(firstLook)).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('reads afresh before refusing: money credited outside the engine since the last round is spent', async () => {
    const maker = await createTestUser(t, { kyc: true });
    await fund(t, maker, 'USDT', '301');
    expect((await place(t, maker, BUY_300)).statusCode).toBe(200);
    // The round left 0.4 USDT; a deposit brings 400 more that the engine did not write.
    await fund(t, maker, 'USDT', '400');
    const second = await place(t, maker, BUY_300);
    expect(second.statusCode).toBe(200);
    expect((await balances(t, maker)).USDT).toEqual({ balance: '99.80000000', locked: '601.20000000' });
    // And a third, which even the fresh balance does not cover, is refused.
    const third = await place(t, maker, BUY_300);
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toBe(messages.insufficientAmount);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('never overdraws: money taken outside the engine since the last round fails the round, and the retry reads afresh', async () => {
    const maker = await createTestUser(t, { kyc: true });
    await fund(t, maker, 'USDT', '700');
    expect((await place(t, maker, BUY_300)).statusCode).toBe(200);
    // The round left 399.4 USDT; a withdrawal takes 300 of it behind the engine's back.
    expect(await debitOutside(maker, '300')).toBe(true);
    const second = await place(t, maker, BUY_300);
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe(messages.insufficientAmount);
    expect((await balances(t, maker)).USDT).toEqual({ balance: '99.40000000', locked: '300.60000000' });
    // What the engine knows is right again: the next order it can cover goes through.
    await fund(t, maker, 'USDT', '201.2');
    expect((await place(t, maker, BUY_300)).statusCode).toBe(200);
    expect((await balances(t, maker)).USDT).toEqual({ balance: '0.00000000', locked: '601.20000000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it("races one account's orders and cancels against deposits and withdrawals: nothing overdrawn, nothing made or lost", async () => {
    const maker = await createTestUser(t, { kyc: true });
    await fund(t, maker, 'USDT', '3000');
    const cancel = (orderId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${orderId}`,
        headers: maker.headers,
      });
    // Three waves: each places 12 orders of 300.6 (more than the balance covers), withdraws and
    // deposits 100 five times each beside them, then cancels every other order it placed.
    let credited = 0;
    let debited = 0;
    for (let wave = 0; wave < 3; wave += 1) {
      const [orders, debits] = await Promise.all([
        Promise.all(Array.from({ length: 12 }, () => place(t, maker, BUY_300))),
        Promise.all(Array.from({ length: 5 }, () => debitOutside(maker, '100'))),
        Promise.all(
          Array.from({ length: 5 }, async () => {
            await fund(t, maker, 'USDT', '100');
            credited += 100;
          }),
        ),
      ]);
      debited += debits.filter(Boolean).length * 100;
      for (const answer of orders) {
        expect([200, 422]).toContain(answer.statusCode);
        if (answer.statusCode === 422) expect(answer.json().message).toBe(messages.insufficientAmount);
      }
      const placed = orders.filter((r) => r.statusCode === 200).map((r) => r.json().data.order.id as string);
      const cancels = await Promise.all(placed.filter((_, i) => i % 2 === 0).map(cancel));
      expect(cancels.map((r) => r.statusCode)).toEqual(cancels.map(() => 200));
    }
    const open = await t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${maker.id}::uuid AND status = 'open'`,
    );
    const held = open.rows[0]!.n;
    // What is held is exactly the open orders' holds, and the rest is what came in less what went out.
    const { USDT } = await balances(t, maker);
    const minor = (amount: string) => parseDecimal(amount, 8)!;
    expect(minor(USDT!.locked)).toBe(BigInt(held) * minor('300.6'));
    expect(minor(USDT!.balance) + minor(USDT!.locked)).toBe(minor(String(3000 + credited - debited)));
    expect(minor(USDT!.balance) >= 0n).toBe(true);
    await expectLedgerConsistent(t.ctx.db);
  });
});
