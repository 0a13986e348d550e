import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Records the statements the pool runs (a prepared statement by its name) until restored. */
function recordStatements() {
  const pool = t.database.pool;
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const seen: string[] = [];
  const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    const first = args[0] as string | { name?: string; text?: string };
    seen.push(typeof first === 'string' ? first : (first.name ?? first.text ?? ''));
    return original(...args);
  }) as never);
  return { seen, restore: () => spy.mockRestore() };
}

describe('reads that many requests make at once', () => {
  it('answers each of many simultaneous callers with their own wallet, and refuses revoked and disabled ones', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => createTestUser(t, { kyc: true })));
    // Everyone holds a different amount, so a wallet handed to the wrong caller shows.
    for (const [i, person] of people.entries())
      await fund(t, person, 'BTC', `0.${String(i + 1).padStart(3, '0')}`);
    const revoked = people[10]!;
    const disabled = people[11]!;
    await t.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, revoked.sessionId));
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));

    const statements = recordStatements();
    const answers = await Promise.all(
      people.map((person) => t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: person.headers })),
    );
    statements.restore();

    for (const [i, res] of answers.entries()) {
      if (i >= 10) {
        expect(res.statusCode).toBe(401);
        continue;
      }
      expect(res.statusCode).toBe(200);
      const btc = res.json().data.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'BTC');
      expect(btc.balance).toBe(`0.${String(i + 1).padStart(3, '0')}00000`);
    }
    // The twelve guards read their callers together, and the ten wallets were read together.
    const guardReads = statements.seen.filter((s) => s === 'guard_callers').length;
    expect(guardReads).toBeGreaterThan(0);
    expect(guardReads).toBeLessThan(12);
  });
});
