import { messages as m } from '@exchange/contracts';
import { REFRESH_REUSE_GRACE_MS } from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { hashToken } from '../../platform/auth';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  bearer,
  logIn,
  post,
  ROOMY_LIMITS,
  refreshCookie,
  refreshWithCookie,
  registerVerified,
} from './auth-test-helpers';

const EMAIL = 'mulder@example.com';
const expired = { status: false, message: m.sessionExpired, code: 'token_invalid' };

describe('staying signed in', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
    await registerVerified(t, EMAIL);
  });
  afterAll(async () => t.close());

  async function tokenRow(token: string) {
    const [row] = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    return row;
  }

  it('trades the refresh cookie for a new pair and retires the old token', async () => {
    const first = await logIn(t, EMAIL);
    const res = await refreshWithCookie(t, first.refreshToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, message: m.tokenRefreshed });
    expect(body.data.refresh_token).not.toBe(first.refreshToken);
    expect(refreshCookie(res)).toBe(body.data.refresh_token);
    expect(await t.ctx.tokens.verifyAccessToken(body.data.access_token)).toEqual({
      userId: first.userId,
      role: 'USER',
      sessionId: expect.any(String),
    });

    const old = await tokenRow(first.refreshToken);
    const successor = await tokenRow(body.data.refresh_token);
    expect(old!.rotatedAt).not.toBeNull();
    expect(successor!.familyId).toBe(old!.familyId);
    // Tokens are stored only as hashes.
    expect(successor!.tokenHash).not.toContain(body.data.refresh_token);
  });

  it('accepts the refresh token in the body for API clients', async () => {
    const first = await logIn(t, EMAIL);
    const res = await post(t, '/auth/refreshtoken', { refresh_token: first.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refresh_token).toEqual(expect.any(String));
  });

  it('treats a retired token presented after the grace window as theft and ends that sign-in only', async () => {
    const stolen = await logIn(t, EMAIL);
    const otherDevice = await logIn(t, EMAIL);
    const victim = (await refreshWithCookie(t, stolen.refreshToken)).json().data.refresh_token;
    clock.advance(REFRESH_REUSE_GRACE_MS);

    const thief = await refreshWithCookie(t, stolen.refreshToken);
    expect(thief.statusCode).toBe(401);
    expect(thief.json()).toEqual(expired);
    const victimNext = await refreshWithCookie(t, victim);
    expect(victimNext.statusCode).toBe(401);
    expect((await refreshWithCookie(t, otherDevice.refreshToken)).statusCode).toBe(200);
    expect(t.logLines.some((line) => line.includes('retired refresh token presented again'))).toBe(true);
  });

  it('forgives a second tab that presents the just-retired token within the grace window', async () => {
    const session = await logIn(t, EMAIL);
    const firstTab = await refreshWithCookie(t, session.refreshToken);
    clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
    const secondTab = await refreshWithCookie(t, session.refreshToken);
    expect(secondTab.statusCode).toBe(401);
    expect(secondTab.json()).toEqual(expired);
    const next = await refreshWithCookie(t, firstTab.json().data.refresh_token);
    expect(next.statusCode).toBe(200);
  });

  it('refuses an expired, an unknown and a missing token', async () => {
    const session = await logIn(t, EMAIL);
    clock.advance(30 * 86_400_000);
    expect((await refreshWithCookie(t, session.refreshToken)).json()).toEqual(expired);
    expect((await refreshWithCookie(t, 'made-up-token')).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refreshtoken' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(expired);
  });

  it('refuses to refresh the sign-in of an account that has been disabled', async () => {
    await registerVerified(t, 'gone@example.com');
    const session = await logIn(t, 'gone@example.com');
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.email, 'gone@example.com'));
    expect((await refreshWithCookie(t, session.refreshToken)).statusCode).toBe(401);
    expect((await tokenRow(session.refreshToken))!.revokedAt).not.toBeNull();
  });

  it('logging out ends this sign-in, clears the cookie and needs no access token', async () => {
    const here = await logIn(t, EMAIL);
    const elsewhere = await logIn(t, EMAIL);
    const rotated = (await refreshWithCookie(t, here.refreshToken)).json().data.refresh_token;
    // The access token has long expired by now; logout does not need it.
    clock.advance(60 * 60_000);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/logout',
      cookies: { refresh_token: rotated },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: m.loggedOut });
    const cleared = res.cookies.find((cookie) => cookie.name === 'refresh_token');
    expect(cleared).toMatchObject({ value: '', path: '/api/v1/auth' });
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());

    expect((await refreshWithCookie(t, rotated)).statusCode).toBe(401);
    expect((await refreshWithCookie(t, elsewhere.refreshToken)).statusCode).toBe(200);
  });

  it('answers a logout without a cookie, or with an unknown one, the same way', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/api/v1/auth/logout' });
    expect(bare.json()).toEqual({ status: true, message: m.loggedOut });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/logout',
      cookies: { refresh_token: 'nope' },
    });
    expect(unknown.json()).toEqual({ status: true, message: m.loggedOut });
  });

  it('a freshly refreshed access token opens the signed-in routes', async () => {
    const session = await logIn(t, EMAIL);
    clock.advance(16 * 60_000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(session.accessToken) }))
        .statusCode,
    ).toBe(401);
    const fresh = (await refreshWithCookie(t, session.refreshToken)).json().data.access_token;
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(fresh) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(EMAIL);
  });
});
