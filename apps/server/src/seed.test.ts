import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, users } from './db/schema';
import { seedDemo } from './seed';
import { expectLedgerConsistent } from './test/expect-ledger';
import { createTestApp, type TestApp } from './test/test-app';
import { signInAs } from './test/test-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function walletOf(email: string) {
  const [user] = await t.ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email));
  const { headers } = await signInAs(t, user!.id, user!.role);
  const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers });
  const dashboard = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers });
  const balances = Object.fromEntries(
    wallet
      .json()
      .data.wallet.currencies.map((c: { symbol: string; balance: string }) => [c.symbol, c.balance]),
  );
  return { balances, dashboard: dashboard.json().data };
}

describe('demo seed', () => {
  it('gives alice her balances through the ledger, bob and the admin nothing, and reseeding changes nothing', async () => {
    await seedDemo(t.ctx);
    const [before] = await t.ctx.db.select({ n: count() }).from(journalEntries);
    await seedDemo(t.ctx);
    const [after] = await t.ctx.db.select({ n: count() }).from(journalEntries);
    expect(after!.n).toBe(before!.n);
    // alice's USD deposit and four coins; dana's deposit, withdrawal hold and pay-out.
    expect(before!.n).toBe(8);

    const alice = await walletOf('alice@example.com');
    expect(alice.balances).toMatchObject({
      USD: '10000.00',
      BTC: '0.50000000',
      ETH: '5.00000000',
      USDT: '2000.00000000',
      XRP: '1000.000000',
    });
    // TEST_PRICES: 10000 + 0.5 × 60000 + 5 × 3000 + 2000 × 1 + 1000 × 0.5
    expect(alice.dashboard).toEqual({ current_value: '57500.00', total_invested: '10000.00' });
    for (const email of ['bob@example.com', 'admin@example.com']) {
      const empty = await walletOf(email);
      expect(Object.values(empty.balances).every((b) => /^0\.0+$/.test(b as string))).toBe(true);
    }
    await expectLedgerConsistent(t.ctx.db);
  });

  it('gives dana a past: her completed withdrawal in Transactions, her cancelled order under cancelled only', async () => {
    await seedDemo(t.ctx);
    const [dana] = await t.ctx.db.select().from(users).where(eq(users.email, 'dana@example.com'));
    const { headers } = await signInAs(t, dana!.id, dana!.role);
    const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    expect((await walletOf('dana@example.com')).balances).toMatchObject({ USD: '75.00' });
    expect((await get('/wallet/transactions')).json()).toMatchObject({
      total: 2,
      data: [
        { operation: 'WITHDRAW', from: { currency_code: 'USD', amount: '25.00' }, status: 'SUCCESS' },
        { operation: 'DEPOSIT', to: { currency_code: 'USD', amount: '100.00' }, status: 'SUCCESS' },
      ],
    });
    const path = '/wallet/limitorder/market/get-order-history';
    expect((await get(`${path}?status=cancelled`)).json()).toMatchObject({
      total: 1,
      data: [{ market_id: 'XRP-USDT', status: 'cancelled' }],
    });
    expect((await get(`${path}?status=filled`)).json()).toMatchObject({ total: 0, data: [] });
    // The list's download keeps to the status asked for.
    const csv = (await get(`${path}/export.csv?status=filled`)).body.split('\r\n').filter(Boolean);
    expect(csv).toHaveLength(1);
    const cancelledCsv = (await get(`${path}/export.csv?status=cancelled`)).body
      .split('\r\n')
      .filter(Boolean);
    expect(cancelledCsv).toHaveLength(2);
    expect(cancelledCsv[1]).toContain('XRP-USDT');
    await expectLedgerConsistent(t.ctx.db);
  });
});
