import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund, holdLoop, limitOrder, place, untilWaiting } from './trading-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Holds a market's loop until `release` is called, so the commands sent meanwhile wait together. */
describe('batches on different markets touching the same accounts', () => {
  it('lock accounts in one global order: crossing the same users both ways on two markets never deadlocks', async () => {
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
      // user sells to the even one. Both batches settle fills between the same users with makers and
      // takers swapped and commit at once, so their balance updates touch the same USDT accounts in
      // opposite command order; no user is ever on both sides of one market (no self-trade).
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
