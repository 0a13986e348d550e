import { formatMessage, messages as m } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enrolTwoFactor } from '../account-security/two-factor-test-helpers';
import {
  bearer,
  logIn,
  mailsTo,
  newestCode,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  registerVerified,
} from '../auth/auth-test-helpers';
import { createKey, signedInject, type TestKey } from '../binance-api/binance-api-test-helpers';

const NEW_PASSWORD = 'Lighthouse#2031';

/**
 * A password changed or reset, two-factor turned off, 'Sign out all other sessions' (issue 43): each
 * ends the account's API keys with its sign-ins, in the same transaction, and mails the owner once,
 * counting them. Before, the sessions ended and the keys kept trading.
 */
describe("an account's security events revoke its API keys", () => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...ROOMY_LIMITS,
        BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '1000000',
        BINANCE_API_WEIGHT_PER_MINUTE_KEY: '1000000',
      },
    });
  });
  afterAll(async () => t?.close());

  /** A verified customer signed in through the form, with `keys` read keys each used once (so cached). */
  const customerWithKeys = async (keys: number) => {
    serial += 1;
    const email = `keys-${serial}@example.com`;
    await registerVerified(t, email);
    const session = await logIn(t, email);
    const headers = bearer(session.accessToken);
    const made: TestKey[] = [];
    for (let i = 0; i < keys; i += 1) {
      const key = await createKey(t, { headers }, { trade: false });
      expect((await account(key)).status).toBe(200);
      made.push(key);
    }
    return { email, session, headers, keys: made, mailsBefore: (await mailsTo(t, email)).length };
  };
  const account = (key: TestKey) => signedInject(t, key, 'GET', '/account', {});
  /** The mails `email` received since `before`, newest first. */
  const newMails = async (email: string, before: number) => {
    const all = await mailsTo(t, email);
    return all.slice(0, all.length - before);
  };
  const expectRefused = async (keys: TestKey[]) => {
    for (const key of keys)
      expect(await account(key)).toMatchObject({
        status: 401,
        body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
      });
  };
  const liveKeys = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/security/api-keys', headers });
    return res.json().data.total as number;
  };

  it('a password change: the keys are refused at once, and the one mail counts them', async () => {
    const user = await customerWithKeys(2);
    const changed = await post(
      t,
      '/auth/password/change',
      { current_password: PASSWORD, new_password: NEW_PASSWORD, refresh_token: user.session.refreshToken },
      user.headers,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRefused(user.keys);
    expect(await liveKeys(user.headers)).toBe(0);
    const mails = await newMails(user.email, user.mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(m.securityChangePassword);
    expect(mails[0]!.text).toContain(formatMessage(m.securityChangeApiKeysRevoked, { count: '2' }));
    expect(mails[0]!.text).toContain('Create new keys on the Security page');
  });

  it('a password reset by mailed code: the keys are refused, and the one mail after it counts them', async () => {
    const user = await customerWithKeys(1);
    expect((await post(t, '/auth/password/forget', { email: user.email })).statusCode).toBe(200);
    const code = await newestCode(t, user.email, user.mailsBefore + 1);
    const afterCode = (await mailsTo(t, user.email)).length;
    const reset = await post(t, '/auth/password/reset', {
      email: user.email,
      otp: code,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectRefused(user.keys);
    const mails = await newMails(user.email, afterCode);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(m.securityChangePasswordReset);
    expect(mails[0]!.text).toContain(m.securityChangeApiKeyRevoked);
  });

  it('two-factor turned off: the keys are refused, and the one mail counts them', async () => {
    const user = await customerWithKeys(1);
    const { recoveryCodes } = await enrolTwoFactor(t, user.headers);
    const afterOn = (await mailsTo(t, user.email)).length;
    // Turning two-factor on ends other sign-ins but leaves keys made before (the factor only adds).
    expect((await account(user.keys[0]!)).status).toBe(200);
    const off = await post(t, '/auth/2fa/disable', { recovery_code: recoveryCodes[0] }, user.headers);
    expect(off.statusCode, off.body).toBe(200);
    await expectRefused(user.keys);
    const mails = await newMails(user.email, afterOn);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(m.securityChangeTwoFactorOff);
    expect(mails[0]!.text).toContain(m.securityChangeApiKeyRevoked);
  });

  it("'Sign out all other sessions': the keys are refused, one mail; with no keys, no mail", async () => {
    const user = await customerWithKeys(3);
    await logIn(t, user.email);
    const out = await post(t, '/security/sessions/revoke-others', {}, user.headers);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.ended).toBe(1);
    await expectRefused(user.keys);
    const mails = await newMails(user.email, user.mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(m.securityChangeMailSubject);
    expect(mails[0]!.text).toContain(m.securityChangeSignedOutOthers);
    expect(mails[0]!.text).toContain(formatMessage(m.securityChangeApiKeysRevoked, { count: '3' }));

    // Again, now with no key left: sessions end, nothing to tell.
    const again = await post(t, '/security/sessions/revoke-others', {}, user.headers);
    expect(again.statusCode).toBe(200);
    expect(await newMails(user.email, user.mailsBefore)).toHaveLength(1);
    // A key made afterwards works: only the keys that existed at the event were revoked.
    const fresh = await createKey(t, { headers: user.headers }, { trade: false });
    expect((await account(fresh)).status).toBe(200);
  });

  it("'Sign out this session' leaves the keys alone", async () => {
    const user = await customerWithKeys(1);
    await logIn(t, user.email);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/security/sessions',
      headers: user.headers,
    });
    const target = sessions.json().data.find((s: { current: boolean }) => !s.current);
    expect(target).toBeDefined();
    const out = await post(t, `/security/sessions/${target.id}/revoke`, {}, user.headers);
    expect(out.statusCode, out.body).toBe(200);
    expect((await account(user.keys[0]!)).status).toBe(200);
  });
});
