import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { ROOMY_LIMITS } from '../auth/auth-test-helpers';

/**
 * Who may call the Security page's routes: any signed-in, active account, KYC or not, admins
 * included, each for their own account only (another user's session is 404). Bad input is a 4xx that
 * changes nothing.
 */
describe('security routes: authorisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const someSession = '00000000-0000-4000-8000-000000000000';
  const routes: Array<[method: 'GET' | 'POST', url: string, body?: object]> = [
    ['GET', '/security/sessions'],
    ['POST', `/security/sessions/${someSession}/revoke`, {}],
    ['POST', '/security/sessions/revoke-others', {}],
    ['GET', '/security/sign-ins'],
    ['GET', '/security/anti-phishing'],
    ['POST', '/security/anti-phishing', { phrase: 'Blue Heron' }],
  ];

  it('refuses the anonymous caller and a disabled account', async () => {
    const disabled = await createTestUser(t, { kyc: true });
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    for (const [method, url, body] of routes) {
      expect((await call(method, url, {}, body)).statusCode, url).toBe(401);
      expect((await call(method, url, disabled.headers, body)).statusCode, url).toBe(401);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, disabled.id));
    expect(row?.antiPhishingPhrase).toBeNull();
  });

  it('serves a user without KYC and an admin, each their own account', async () => {
    for (const caller of [
      await createTestUser(t, { kyc: false }),
      await createTestUser(t, { role: 'ADMIN' }),
    ]) {
      const sessions = await call('GET', '/security/sessions', caller.headers);
      expect(sessions.statusCode).toBe(200);
      const history = await call('GET', '/security/sign-ins', caller.headers);
      expect(history.json().data).toMatchObject({ total: 0, page: 1, limit: 10 });
      const set = await call('POST', '/security/anti-phishing', caller.headers, { phrase: 'Blue Heron' });
      expect(set.statusCode, set.body).toBe(200);
      const others = await call('POST', '/security/sessions/revoke-others', caller.headers);
      expect(others.statusCode).toBe(200);
      expect((await call('GET', '/auth/me', caller.headers)).statusCode).toBe(200);
    }
  });

  it("cannot see or end another user's sessions, nor set their phrase", async () => {
    const alice = await createTestUser(t);
    const bob = await createTestUser(t);
    // Bob's sign-in has a session row like a real sign-in.
    const { recordSignIn } = await import('../auth/record-sign-in');
    const { UNKNOWN_CLIENT } = await import('../auth/sign-in-place');
    await recordSignIn(t.ctx, {
      userId: bob.id,
      sessionId: bob.sessionId,
      client: UNKNOWN_CLIENT,
      twoFactorPassed: false,
      at: t.ctx.clock.now(),
    });
    const aliceSees = (await call('GET', '/security/sessions', alice.headers)).json().data;
    expect(aliceSees.map((s: { id: string }) => s.id)).not.toContain(bob.sessionId);
    const res = await call('POST', `/security/sessions/${bob.sessionId}/revoke`, alice.headers, {});
    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/auth/me', bob.headers)).statusCode).toBe(200);
    await call('POST', '/security/anti-phishing', alice.headers, { phrase: 'Alice Only' });
    expect((await call('GET', '/security/anti-phishing', bob.headers)).json().data.phrase).toBeNull();
    expect((await call('GET', '/security/sign-ins', alice.headers)).json().data.total).toBe(0);
  });

  it('answers bad input 400 and changes nothing', async () => {
    const caller = await createTestUser(t);
    for (const body of [
      {},
      { phrase: 'ab' },
      { phrase: 'a<b>c d' },
      { phrase: 'x'.repeat(40) },
      { phrase: 7 },
    ]) {
      expect((await call('POST', '/security/anti-phishing', caller.headers, body)).statusCode).toBe(400);
    }
    expect((await call('GET', '/security/anti-phishing', caller.headers)).json().data.phrase).toBeNull();
    expect((await call('POST', '/security/sessions/42/revoke', caller.headers, {})).statusCode).toBe(400);
    expect((await call('GET', '/security/sign-ins?page=0', caller.headers)).statusCode).toBe(400);
  });
});
