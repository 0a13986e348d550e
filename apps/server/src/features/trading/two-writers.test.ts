import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAppContext, type ZodApi } from '../../platform/app-context';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund, limitOrder } from './trading-test-helpers';

/**
 * Two server processes (two apps on one database) matching the same market at once: each decides on
 * its own in-memory book, and a batch written after the other app moved the market finds the
 * sequence changed, rebuilds its book and runs again. Nothing is lost, nothing filled twice.
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

function placeOn(app: ZodApi, user: TestUser, body: ReturnType<typeof limitOrder>) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/wallet/limitorder/limitInstant/${body.side}`,
    headers: user.headers,
    payload: body,
  });
}

describe('two apps matching one market', () => {
  it('cross orders sent to both at once: every order answered, every fill once, the ledger clean', async () => {
    const sellers = await Promise.all(Array.from({ length: 8 }, () => createTestUser(t, { kyc: true })));
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createTestUser(t, { kyc: true })));
    for (const seller of sellers) await fund(t, seller, 'ETH', '1');
    for (const buyer of buyers) await fund(t, buyer, 'USDT', '5000');
    // Each seller offers 0.3 ETH twice, each buyer bids for 0.2 ETH three times, alternately on the two
    // apps: 4.8 ETH offered, 4.8 ETH bid, at one price, so everything should fill.
    const sends = [
      ...sellers.flatMap((seller, i) =>
        [0, 1].map((k) =>
          placeOn((i + k) % 2 ? second : t.app, seller, limitOrder('sell', '0.3', '3000', 'ETH-USDT')),
        ),
      ),
      ...buyers.flatMap((buyer, i) =>
        [0, 1, 2].map((k) =>
          placeOn((i + k) % 2 ? t.app : second, buyer, limitOrder('buy', '0.2', '3000', 'ETH-USDT')),
        ),
      ),
    ];
    const answers = await Promise.all(sends);
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));

    const [totals] = (
      await t.ctx.db.execute<{ open: string; filled: string; traded: string }>(sql`
        SELECT (SELECT count(*) FROM orders WHERE market_id = 'ETH-USDT' AND status = 'open')::text AS open,
               (SELECT coalesce(sum(filled_lots), 0) FROM orders WHERE market_id = 'ETH-USDT')::text AS filled,
               (SELECT coalesce(sum(quantity_lots), 0) FROM trades WHERE market_id = 'ETH-USDT')::text AS traded`)
    ).rows;
    // Every order filled; both sides of every trade counted once in the orders' filled quantities.
    expect(totals!.open).toBe('0');
    expect(BigInt(totals!.filled)).toBe(2n * BigInt(totals!.traded));
    await expectLedgerConsistent(t.ctx.db);
  });
});
