import { DEFAULT_HOT_SHARDS } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { houseInventory } from '../ledger/ledger.repository';
import { fund } from './trading-test-helpers';

const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

function instant(user: TestUser, side: 'buy' | 'sell', quantity: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/limitorder/limitInstant/${side}`,
    headers: user.headers,
    payload: { crypto_currency_code: 'BTC', fiat_currency_code: 'USD', quantity, type: 'instant', side },
  });
}

async function systemRows(kind: string, asset: string) {
  const found = await t.ctx.db.execute<{ shard: number; balance: string }>(sql`
    SELECT shard, balance::text AS balance FROM ledger_accounts
    WHERE user_id IS NULL AND kind = ${kind} AND asset = ${asset} ORDER BY shard`);
  return found.rows.map((row) => ({ shard: row.shard, balance: BigInt(row.balance) }));
}

describe('house and fee sub-accounts (hot rows)', () => {
  it('parallel instant trades from many users spread over sub-accounts whose sums are exact', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 12; i += 1) {
      const user = await createTestUser(t, { kyc: true });
      await fund(t, user, 'USD', '10000');
      await fund(t, user, 'BTC', '1');
      users.push(user);
    }
    const usdBefore = await houseInventory(t.ctx.db, 'USD');
    const btcBefore = await houseInventory(t.ctx.db, 'BTC');

    // 12 users × 4 trades at once: 2 buys and 2 sells of 0.01 BTC each at 60000 USD (fee 0.1%).
    const results = await Promise.all(
      users.flatMap((user) => [
        instant(user, 'buy', '0.01'),
        instant(user, 'sell', '0.01'),
        instant(user, 'buy', '0.01'),
        instant(user, 'sell', '0.01'),
      ]),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));

    // Each buy pays the house 600.00 and each sell is paid 600.00: the house's USD inventory and BTC
    // position end where they began, summed over every sub-account; fees 0.60 per trade.
    expect(await houseInventory(t.ctx.db, 'USD')).toBe(usdBefore);
    expect(await houseInventory(t.ctx.db, 'BTC')).toBe(btcBefore);
    const fees = await systemRows('FEE_REVENUE', 'USD');
    expect(fees.reduce((sum, row) => sum + row.balance, 0n)).toBe(48n * 60n);
    expect(fees.length).toBeGreaterThan(1);
    expect(fees.every((row) => row.balance >= 0n && row.shard < DEFAULT_HOT_SHARDS)).toBe(true);
    expect((await systemRows('HOUSE_INVENTORY', 'USD')).length).toBeGreaterThan(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('reports the house position as the sum of its sub-accounts on the solvency panel', async () => {
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/solvency', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const usd = res.json().data.assets.find((a: { asset: string }) => a.asset === 'USD');
    expect(usd.fees).toBe('28.80');
  });
});
