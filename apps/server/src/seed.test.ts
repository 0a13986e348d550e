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
    expect(before!.n).toBe(5);

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
});
