import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../platform/auth';
import { ManualClock } from '../../platform/clock';
import { seedDemo } from '../../seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bearer, logIn, PASSWORD, ROOMY_LIMITS, registerVerified } from './auth-test-helpers';

const OTHER_SECRET = 'a-completely-different-secret-of-32-characters-or-more';

describe('who may see their own account and change their password', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let userId: string;
  let userToken: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
    await seedDemo(t.ctx);
    await registerVerified(t, 'reader@example.com');
    ({ userId, accessToken: userToken } = await logIn(t, 'reader@example.com'));
    ({ accessToken: adminToken } = await logIn(t, 'admin@example.com', 'Admin@123456'));
  });
  afterAll(async () => t.close());

  const me = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
  const change = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/change',
      headers,
      payload: { current_password: 'Wrong#Guess1', new_password: 'Harvest#2031' },
    });

  it('shows a signed-in customer their own account', async () => {
    const res = await me(bearer(userToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      data: { _id: userId, email: 'reader@example.com', role: 'USER' },
    });
    expect(res.body).not.toMatch(/argon2|password/);
  });

  it('shows an administrator their own account', async () => {
    const res = await me(bearer(adminToken));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'admin@example.com',
      role: 'ADMIN',
      user_role: 'ADMIN',
      is_kyc_verified: true,
    });
  });

  it('lets the demo customers of embedded mode log in with their printed passwords', async () => {
    expect((await logIn(t, 'alice@example.com', 'Alice@123456')).accessToken).toEqual(expect.any(String));
    expect((await logIn(t, 'bob@example.com', 'Bob@1234567')).accessToken).toEqual(expect.any(String));
  });

  it('turns away anonymous callers, malformed headers and foreign tokens', async () => {
    const foreign = await createTokenService(OTHER_SECRET, 900, () => clock.now()).signAccessToken({
      userId,
      role: 'USER',
      sessionId: '00000000-0000-4000-8000-000000000000',
    });
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: `Basic ${userToken}` },
      bearer('not.a.jwt'),
      bearer(foreign),
    ]) {
      for (const res of [await me(headers), await change(headers)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ status: false, code: 'unauthorized' });
      }
    }
  });

  it('reaches the password check with a valid token (user and admin alike)', async () => {
    for (const token of [userToken, adminToken]) {
      const res = await change(bearer(token));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('current_password_wrong');
    }
  });

  it('turns away an access token once it has expired', async () => {
    const fresh = (await logIn(t, 'reader@example.com', PASSWORD)).accessToken;
    expect((await me(bearer(fresh))).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    expect((await me(bearer(fresh))).statusCode).toBe(401);
    expect((await change(bearer(fresh))).statusCode).toBe(401);
  });
});
