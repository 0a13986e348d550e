import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, limitOrder, place } from './trading-test-helpers';

const URL = '/api/v1/wallet/limitorder/market/cancel-all-open-orders';

/** The trading page's 'Cancel all' (issue 48): one market, or every market, only the caller's orders. */
describe('cancelling all of a user’s open orders', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  const cancelAll = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: URL, headers, payload });
  const openCount = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/limitorder/market/get-user-open-order',
      headers: user.headers,
    });
    return res.json().data.length as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { kyc: true });
    other = await createTestUser(t, { kyc: true });
    await fund(t, owner, 'USDT', '10000');
    await fund(t, other, 'USDT', '10000');
    for (const order of [
      limitOrder('buy', '0.001', '1000'),
      limitOrder('buy', '0.001', '1100'),
      limitOrder('buy', '0.01', '100', 'ETH-USDT'),
    ]) {
      expect((await place(t, owner, order)).statusCode).toBe(200);
    }
    expect((await place(t, other, limitOrder('buy', '0.001', '1000'))).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('refuses the anonymous, a user without KYC and an admin, and a market that does not exist', async () => {
    expect((await cancelAll({})).statusCode).toBe(401);
    const unverified = await createTestUser(t);
    expect((await cancelAll(unverified.headers)).statusCode).toBe(403);
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const asAdmin = await cancelAll(admin.headers);
    // An admin (no KYC of their own) reaches no customer's orders: the KYC scope refuses them.
    expect(asAdmin.statusCode, asAdmin.body).toBe(403);
    expect(await openCount(owner)).toBe(3);
    expect((await cancelAll(owner.headers, { market_id: 'NOPE-USDT' })).statusCode).toBe(404);
    expect((await cancelAll(owner.headers, { market_id: 7 })).statusCode).toBe(400);
  });

  it('cancels one market’s orders, then the rest, never another user’s, giving the holds back', async () => {
    const market = await cancelAll(owner.headers, { market_id: 'BTC-USDT' });
    expect(market.statusCode, market.body).toBe(200);
    expect(market.json()).toMatchObject({ message: '2 open orders cancelled', data: { cancelled: 2 } });
    expect(await openCount(owner)).toBe(1);
    const everywhere = await cancelAll(owner.headers);
    expect(everywhere.json()).toMatchObject({ message: '1 open order cancelled', data: { cancelled: 1 } });
    expect(await openCount(owner)).toBe(0);
    expect((await balances(t, owner)).USDT).toEqual({ balance: '10000.00000000', locked: '0.00000000' });
    expect(await openCount(other)).toBe(1);
    await expectLedgerConsistent(t.ctx.db);
  });
});
