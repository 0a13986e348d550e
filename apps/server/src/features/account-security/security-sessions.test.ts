import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents, userSessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  bearer,
  mailsTo,
  newestCode,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  refreshWithCookie,
  registerVerified,
} from '../auth/auth-test-helpers';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * The Security page's server side: sessions (listed with device and masked network, the current one
 * marked; one or all others signed out, after which their tokens are refused), the sign-in history
 * (successes and refusals, paged by the server), the new-device mail, the security-change mail and the
 * anti-phishing phrase at the top of every mail.
 */
describe('sessions, sign-in history and security mails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => t.close());

  async function signIn(email: string, agent: string, ip: string, password = PASSWORD) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      headers: { 'user-agent': agent },
      remoteAddress: ip,
    });
  }
  async function signedIn(email: string, agent: string, ip: string) {
    const res = await signIn(email, agent, ip);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return {
      userId: body.data._id as string,
      token: body.token as string,
      refresh: body.refresh_token as string,
    };
  }
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

  it('lists the live sessions with device and masked network, the current one marked', async () => {
    await registerVerified(t, 'sessions@example.com');
    const laptop = await signedIn('sessions@example.com', CHROME_WINDOWS, '203.0.113.77');
    const phone = await signedIn('sessions@example.com', SAFARI_IPHONE, '2001:db8:1:2:3:4:5:6');

    const res = await get('/security/sessions', laptop.token);
    expect(res.statusCode).toBe(200);
    const sessions = res.json().data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    expect(sessions).toContainEqual(
      expect.objectContaining({ device: 'Chrome on Windows', network: '203.0.113.0/24', current: true }),
    );
    expect(sessions).toContainEqual(
      expect.objectContaining({ device: 'Safari on iOS', network: '2001:db8:1:2::/64', current: false }),
    );
    // The full address and the raw agent are not answered.
    expect(res.body).not.toContain('203.0.113.77');
    expect(
      (await get('/security/sessions', phone.token))
        .json()
        .data.filter((s: { current: boolean }) => s.current),
    ).toHaveLength(1);
  });

  it('moves last used on a refresh', async () => {
    await registerVerified(t, 'lastused@example.com');
    const a = await signedIn('lastused@example.com', CHROME_WINDOWS, '203.0.113.1');
    const [before] = await t.ctx.db.select().from(userSessions).where(eq(userSessions.userId, a.userId));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await refreshWithCookie(t, a.refresh)).statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(userSessions).where(eq(userSessions.userId, a.userId));
    expect(after!.lastUsedAt.getTime()).toBeGreaterThan(before!.lastUsedAt.getTime());
  });

  it("signs out one session: its next request is refused; another user's session is not found", async () => {
    await registerVerified(t, 'revoke-one@example.com');
    await registerVerified(t, 'stranger@example.com');
    const mine = await signedIn('revoke-one@example.com', CHROME_WINDOWS, '203.0.113.5');
    const other = await signedIn('revoke-one@example.com', SAFARI_IPHONE, '198.51.100.5');
    const stranger = await signedIn('stranger@example.com', CHROME_WINDOWS, '192.0.2.9');
    const strangerSession = (await get('/security/sessions', stranger.token)).json().data[0].id as string;
    const otherSession = (await get('/security/sessions', mine.token))
      .json()
      .data.find((s: { current: boolean }) => !s.current).id as string;

    const foreign = await post(t, `/security/sessions/${strangerSession}/revoke`, {}, bearer(mine.token));
    expect(foreign.statusCode).toBe(404);
    expect((await get('/auth/me', stranger.token)).statusCode).toBe(200);
    expect((await post(t, '/security/sessions/not-a-uuid/revoke', {}, bearer(mine.token))).statusCode).toBe(
      400,
    );

    const res = await post(t, `/security/sessions/${otherSession}/revoke`, {}, bearer(mine.token));
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/auth/me', other.token)).statusCode).toBe(401);
    expect((await refreshWithCookie(t, other.refresh)).statusCode).toBe(401);
    expect((await get('/auth/me', mine.token)).statusCode).toBe(200);
    expect((await get('/security/sessions', mine.token)).json().data).toHaveLength(1);
    // Already ended: not found, not a second success.
    expect(
      (await post(t, `/security/sessions/${otherSession}/revoke`, {}, bearer(mine.token))).statusCode,
    ).toBe(404);
  });

  it('signs out all other sessions and keeps the current one', async () => {
    await registerVerified(t, 'revoke-all@example.com');
    const keep = await signedIn('revoke-all@example.com', CHROME_WINDOWS, '203.0.113.6');
    const b = await signedIn('revoke-all@example.com', SAFARI_IPHONE, '198.51.100.6');
    const c = await signedIn('revoke-all@example.com', SAFARI_IPHONE, '198.51.100.7');
    const res = await post(t, '/security/sessions/revoke-others', {}, bearer(keep.token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ended).toBe(2);
    for (const ended of [b, c]) expect((await get('/auth/me', ended.token)).statusCode).toBe(401);
    expect((await get('/auth/me', keep.token)).statusCode).toBe(200);
    const left = (await get('/security/sessions', keep.token)).json().data;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  it('keeps successes and refusals in the sign-in history, paged by the server, never the typed password', async () => {
    await registerVerified(t, 'history@example.com');
    const first = await signedIn('history@example.com', CHROME_WINDOWS, '203.0.113.8');
    expect(
      (await signIn('history@example.com', CHROME_WINDOWS, '203.0.113.8', 'Wrong#Pass2026')).statusCode,
    ).toBe(401);
    for (let i = 0; i < 11; i += 1) await signedIn('history@example.com', CHROME_WINDOWS, '203.0.113.8');
    // An unknown e-mail is written nowhere.
    expect((await signIn('nobody-here@example.com', CHROME_WINDOWS, '203.0.113.8')).statusCode).toBe(401);

    const page1 = (await get('/security/sign-ins?page=1&limit=10', first.token)).json().data;
    expect(page1.total).toBe(13);
    expect(page1.content).toHaveLength(10);
    expect(page1.content[0]).toMatchObject({
      outcome: 'SUCCESS',
      device: 'Chrome on Windows',
      network: '203.0.113.0/24',
    });
    const page2 = (await get('/security/sign-ins?page=2&limit=10', first.token)).json().data;
    expect(page2.content).toHaveLength(3);
    const oldestFirst = (await get('/security/sign-ins?orderBy=createdAt&limit=2', first.token)).json().data;
    expect(oldestFirst.content.map((e: { outcome: string }) => e.outcome)).toEqual([
      'SUCCESS',
      'WRONG_PASSWORD',
    ]);
    expect((await get('/security/sign-ins?limit=500', first.token)).statusCode).toBe(400);
    expect((await get('/security/sign-ins?orderBy=sideways', first.token)).statusCode).toBe(400);

    // Searched by the server in the device and the network; a % is a literal.
    await signedIn('history@example.com', SAFARI_IPHONE, '198.51.100.8');
    const found = (await get('/security/sign-ins?search=iOS', first.token)).json().data;
    expect(found.total).toBe(1);
    expect(found.content[0]).toMatchObject({ device: 'Safari on iOS' });
    expect((await get('/security/sign-ins?search=198.51.100', first.token)).json().data.total).toBe(1);
    expect((await get('/security/sign-ins?search=%25', first.token)).json().data.total).toBe(0);

    const stored = JSON.stringify(await t.ctx.db.select().from(signInEvents));
    expect(stored).not.toContain('Wrong#Pass2026');
    expect(stored).not.toContain('nobody-here');
  });

  it('mails the owner on a sign-in from a new device or network, not from a known one', async () => {
    const email = 'newdevice@example.com';
    await registerVerified(t, email);
    const subjects = async () => (await mailsTo(t, email)).map((mail) => mail.subject);
    await signedIn(email, CHROME_WINDOWS, '203.0.113.9');
    await signedIn(email, CHROME_WINDOWS, '203.0.113.200');
    expect(await subjects()).not.toContain('New sign-in to your account');

    await signedIn(email, SAFARI_IPHONE, '203.0.113.9');
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toBe('New sign-in to your account');
    expect(mail?.text).toContain('Safari on iOS');
    expect(mail?.text).toContain('203.0.113.0/24');

    await signedIn(email, CHROME_WINDOWS, '198.51.100.1');
    expect((await subjects()).filter((s) => s === 'New sign-in to your account')).toHaveLength(2);
  });

  it('mails the owner when the password is reset with a mailed code', async () => {
    const email = 'reset-mail@example.com';
    await registerVerified(t, email);
    expect((await post(t, '/auth/password/forget', { email })).statusCode).toBe(200);
    const otp = await newestCode(t, email, 2);
    const reset = await post(t, '/auth/password/reset', { email, otp, password: 'Moonrise#2027' });
    expect(reset.statusCode, reset.body).toBe(200);
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toBe('A security setting of your account changed');
    expect(mail?.text).toContain('Your password was reset');
  });

  it('mails a password change, and every mail starts with the anti-phishing phrase once set', async () => {
    const email = 'phrase@example.com';
    await registerVerified(t, email);
    const me = await signedIn(email, CHROME_WINDOWS, '203.0.113.10');

    for (const phrase of ['abc', 'x'.repeat(33), 'no-dashes!', 42]) {
      const bad = await post(t, '/security/anti-phishing', { phrase }, bearer(me.token));
      expect(bad.statusCode, String(phrase)).toBe(400);
    }
    expect((await get('/security/anti-phishing', me.token)).json().data.phrase).toBeNull();
    const set = await post(t, '/security/anti-phishing', { phrase: '  Blue Heron 42 ' }, bearer(me.token));
    expect(set.statusCode, set.body).toBe(200);
    expect((await get('/security/anti-phishing', me.token)).json().data.phrase).toBe('Blue Heron 42');
    const [changed] = await mailsTo(t, email);
    expect(changed?.text.startsWith('Your anti-phishing phrase: Blue Heron 42\n')).toBe(true);

    const res = await post(
      t,
      '/auth/password/change',
      { current_password: PASSWORD, new_password: 'Moonrise#2027', refresh_token: me.refresh },
      bearer(me.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toBe('A security setting of your account changed');
    expect(mail?.text).toContain('Your password was changed');
    expect(mail?.text.startsWith('Your anti-phishing phrase: Blue Heron 42')).toBe(true);

    // Removed: mails carry no phrase line any more.
    expect((await post(t, '/security/anti-phishing', { phrase: null }, bearer(me.token))).statusCode).toBe(
      200,
    );
    const [last] = await mailsTo(t, email);
    expect(last?.text).not.toContain('anti-phishing phrase:');
  });
});
