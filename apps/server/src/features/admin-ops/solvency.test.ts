import type { Solvency } from '@exchange/contracts';
import { ASSET_CODES, systemAccount, userAccount } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { transferFunds } from '../../test/transfer-funds';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

const solvency = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/solvency', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const row = (data: Solvency, asset: string) => data.assets.find((a) => a.asset === asset);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { role: 'ADMIN' });
  alice = await createTestUser(t, { kyc: true });
  bob = await createTestUser(t, { kyc: true });
});
afterAll(async () => t.close());

describe('the solvency panel', () => {
  it('adds up customers (available and locked), the house and fees per asset, and runs the ledger check', async () => {
    for (const [user, amount, ref] of [
      [alice, 150_000_000n, 'a'],
      [bob, 50_000_000n, 'b'],
    ] as const) {
      const posted = await transferFunds(t.ctx.db, {
        from: systemAccount('HOUSE_INVENTORY', 'BTC'),
        to: userAccount(user.id, 'BTC'),
        amount,
        kind: 'TEST_FUNDING',
        reference: `test:fund:${ref}`,
        userId: user.id,
      });
      expect(posted.ok).toBe(true);
    }
    await transferFunds(t.ctx.db, {
      from: userAccount(bob.id, 'BTC'),
      to: systemAccount('FEE_REVENUE', 'BTC'),
      amount: 1_000_000n,
      kind: 'TEST_FEE',
      reference: 'test:fee',
      userId: bob.id,
    });
    // Alice stakes 0.5 BTC through the API: it moves to her LOCKED account.
    const options = await t.app.inject({
      method: 'GET',
      url: '/api/v1/stake/options',
      headers: alice.headers,
    });
    const btc = options.json().data.find((o: { symbol: string }) => o.symbol === 'BTC');
    const staked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stake/create',
      headers: alice.headers,
      payload: { stake_option_id: btc._id, user_id: alice.id, starting_balance: '0.5', days: 30 },
    });
    expect(staked.statusCode).toBe(200);

    const data = await solvency();
    expect(row(data, 'BTC')).toEqual({
      asset: 'BTC',
      users_available: '1.49000000',
      users_locked: '0.50000000',
      house: '-2.00000000',
      fees: '0.01000000',
      payment_clearing: '0.00000000',
      staking_pool: '0.00000000',
      referral_expense: '0.00000000',
      net: '0.00000000',
    });
    expect(row(data, 'USD')).toMatchObject({ users_available: '0.00', net: '0.00' });
    expect(data.assets).toHaveLength(ASSET_CODES.length);
    expect(data.ledger).toMatchObject({ consistent: true, breach_count: 0, breaches: [] });
  });

  it('reports a broken ledger: a cached balance the journal does not explain', async () => {
    // Tamper with a cached balance behind the ledger's back (the kind of bug the check exists for).
    await t.ctx.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${bob.id} AND asset = 'BTC' AND kind = 'AVAILABLE'`,
    );
    const data = await solvency();
    expect(data.ledger.consistent).toBe(false);
    expect(data.ledger.breach_count).toBeGreaterThan(0);
    expect(row(data, 'BTC')?.net).toBe('0.00000001');
  });
});
