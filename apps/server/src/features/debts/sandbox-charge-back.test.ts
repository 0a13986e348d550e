import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDebts } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { depositViaSandbox } from '../deposits/sandbox-deposit-test-helpers';
import { balances } from '../trading/trading-test-helpers';
import { instant } from './debt-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const chargeBack = (user: TestUser | null, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/deposits/sandbox/${orderId}/charge-back`,
    headers: user?.headers ?? {},
  });

describe('the sandbox chargeback', () => {
  it("reverses a spent deposit like PayPal's chargeback: the balance pays what it can, the rest is a debt", async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await depositViaSandbox(t, user, '50.00');
    expect((await instant(t, user, 'buy', '0.0005')).statusCode).toBe(200);

    const other = await createTestUser(t, { kyc: true });
    expect((await chargeBack(other, orderId)).statusCode).toBe(404);
    expect((await chargeBack(null, orderId)).statusCode).toBe(401);

    const res = await chargeBack(user, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Deposit charged back by the sandbox bank',
      data: { order: { status: 'REVERSED' } },
    });
    expect((await balances(t, user)).USD!.balance).toBe('0.00');
    expect(await t.ctx.db.select().from(userDebts).where(eq(userDebts.userId, user.id))).toMatchObject([
      { amount: '3003', status: 'OPEN', reason: 'REVERSED' },
    ]);
    // Once only.
    expect((await chargeBack(user, orderId)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(userDebts).where(eq(userDebts.userId, user.id))).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses an order that was never credited, changing nothing', async () => {
    const user = await createTestUser(t, { kyc: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposits/orders',
      headers: user.headers,
      payload: { amount: '10.00' },
    });
    const orderId = created.json().data.order.order_id;
    expect((await chargeBack(user, orderId)).statusCode).toBe(409);
    expect(await t.ctx.db.select().from(userDebts).where(eq(userDebts.userId, user.id))).toEqual([]);
  });
});
