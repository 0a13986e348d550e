import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => t.close());

describe("the user list's Wallet", () => {
  it("is the customer's whole wallet at today's prices, not only their USD", async () => {
    const holder = await createTestUser(t, { kyc: true, name: 'Wallet Holder' });
    await fund(t, holder, 'USD', '100');
    // 0.5 BTC at the tests' 60,000 USD and 2 ETH at 3,000 USD.
    await fund(t, holder, 'BTC', '0.5');
    await fund(t, holder, 'ETH', '2');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/get-all-users',
      headers: admin.headers,
      payload: { search: 'Wallet Holder' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.content).toMatchObject([{ _id: holder.id, wallet_usd: '36100.00' }]);
  });
});
