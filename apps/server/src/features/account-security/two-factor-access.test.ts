import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { post, ROOMY_LIMITS } from '../auth/auth-test-helpers';
import { enrolTwoFactor } from './two-factor-test-helpers';

/**
 * Who may call the two-factor routes: any signed-in, active account, KYC or not, admins included, and
 * always for their own account only (no route names a user). Bad input is a 4xx that changes nothing.
 */
describe('two-factor routes: authorisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => t.close());

  const routes = [
    ['/auth/2fa/status', {}],
    ['/auth/2fa/enrol', {}],
    ['/auth/2fa/confirm', { code: '123456' }],
    ['/auth/2fa/disable', { totp: '123456' }],
  ] as const;

  it('refuses the anonymous caller and a disabled account', async () => {
    const disabled = await createTestUser(t, { kyc: true });
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    for (const [url, body] of routes) {
      expect((await post(t, url, body)).statusCode, url).toBe(401);
      expect((await post(t, url, body, disabled.headers)).statusCode, url).toBe(401);
    }
  });

  it('lets a user without KYC and an admin enrol for themselves', async () => {
    for (const caller of [
      await createTestUser(t, { kyc: false }),
      await createTestUser(t, { role: 'ADMIN' }),
    ]) {
      await enrolTwoFactor(t, caller.headers);
      const status = await post(t, '/auth/2fa/status', {}, caller.headers);
      expect(status.json().data.enabled).toBe(true);
    }
  });

  it("another user's calls touch only their own account", async () => {
    const alice = await createTestUser(t);
    const bob = await createTestUser(t);
    await enrolTwoFactor(t, alice.headers);
    expect((await post(t, '/auth/2fa/status', {}, bob.headers)).json().data.enabled).toBe(false);
    // Bob has nothing to turn off; Alice's two-factor stays on whatever Bob sends.
    expect((await post(t, '/auth/2fa/disable', { totp: '123456' }, bob.headers)).statusCode).toBe(409);
    expect((await post(t, '/auth/2fa/enrol', {}, bob.headers)).statusCode).toBe(200);
    expect((await post(t, '/auth/2fa/status', {}, alice.headers)).json().data.enabled).toBe(true);
  });

  it('answers bad input 400 and changes nothing', async () => {
    const carol = await createTestUser(t);
    await post(t, '/auth/2fa/enrol', {}, carol.headers);
    for (const body of [{}, { code: '12345' }, { code: 123456 }, { code: 'abcdef' }])
      expect((await post(t, '/auth/2fa/confirm', body, carol.headers)).statusCode).toBe(400);
    const { recoveryCodes } = await enrolTwoFactor(t, (await createTestUser(t)).headers);
    expect(recoveryCodes).toHaveLength(10);
    for (const body of [
      {},
      { totp: '1' },
      { recovery_code: 'not a code!' },
      { recovery_code: 'x'.repeat(500) },
    ])
      expect((await post(t, '/auth/2fa/disable', body, carol.headers)).statusCode).toBe(400);
    expect((await post(t, '/auth/2fa/status', {}, carol.headers)).json().data.enabled).toBe(false);
    for (const body of [
      { email: 'a@example.com', password: 'x', totp: '12' },
      { email: 'a@example.com', password: 'x', recovery_code: '!' },
    ])
      expect((await post(t, '/auth/login', body)).statusCode).toBe(400);
  });
});
