import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  newestCode,
  post,
  ROOMY_LIMITS,
  refreshWithCookie,
  signupBody,
  waitForMails,
} from './auth-test-helpers';

const EMAIL = 'secretive@example.com';
const FIRST_PASSWORD = 'Orchid#Blue42';
const WRONG_PASSWORD = 'Orchid#Red42';
const CHANGED_PASSWORD = 'Orchid#Green43';
const RESET_PASSWORD = 'Orchid#White44';
const WEAK_PASSWORD = 'orchidweak';

describe('logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => t.close());

  it('never hold a password, a code or a token, through the whole sign-in life cycle', async () => {
    const secrets: string[] = [
      FIRST_PASSWORD,
      WRONG_PASSWORD,
      CHANGED_PASSWORD,
      RESET_PASSWORD,
      WEAK_PASSWORD,
    ];
    const codes: string[] = [];
    const ok = (res: { statusCode: number; body: string }, status = 200) =>
      expect(res.statusCode, res.body).toBe(status);

    ok(
      await post(
        t,
        '/auth/signup',
        signupBody(EMAIL, { password: WEAK_PASSWORD, confirm_password: WEAK_PASSWORD }),
      ),
      400,
    );
    ok(
      await post(
        t,
        '/auth/signup',
        signupBody(EMAIL, { password: FIRST_PASSWORD, confirm_password: FIRST_PASSWORD }),
      ),
    );
    codes.push(await newestCode(t, EMAIL, 1));
    ok(
      await post(t, '/otp/verify', {
        email: EMAIL,
        otp: codes[0] === '111111' ? '222222' : '111111',
        type: 'EMAIL_VERIFY',
      }),
      400,
    );
    ok(await post(t, '/otp/verify', { email: EMAIL, otp: codes[0], type: 'EMAIL_VERIFY' }));

    ok(await post(t, '/auth/login', { email: EMAIL, password: WRONG_PASSWORD }), 401);
    const login = await post(t, '/auth/login', { email: EMAIL, password: FIRST_PASSWORD });
    ok(login);
    secrets.push(login.json().token, login.json().refresh_token);

    const refreshed = await refreshWithCookie(t, login.json().refresh_token);
    ok(refreshed);
    secrets.push(refreshed.json().data.access_token, refreshed.json().data.refresh_token);
    const viaBody = await post(t, '/auth/refreshtoken', {
      refresh_token: refreshed.json().data.refresh_token,
    });
    ok(viaBody);
    secrets.push(viaBody.json().data.access_token, viaBody.json().data.refresh_token);
    const accessToken = viaBody.json().data.access_token;
    const refreshToken = viaBody.json().data.refresh_token;

    ok(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${accessToken}` },
      }),
    );
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/change',
        headers: { authorization: `Bearer ${accessToken}` },
        cookies: { refresh_token: refreshToken },
        payload: { current_password: current, new_password: CHANGED_PASSWORD },
      });
    ok(await change(WRONG_PASSWORD), 400);
    ok(await change(FIRST_PASSWORD));

    ok(await post(t, '/auth/password/forget', { email: EMAIL }));
    // The third mail: the second told of the password change (security-mail.ts).
    codes.push(await newestCode(t, EMAIL, 3));
    ok(await post(t, '/otp/verify', { email: EMAIL, otp: codes[1], type: 'PASSWORD_RESET' }));
    ok(await post(t, '/auth/password/reset', { email: EMAIL, otp: codes[1], password: RESET_PASSWORD }));
    const again = await post(t, '/auth/login', { email: EMAIL, password: RESET_PASSWORD });
    ok(again);
    secrets.push(again.json().token, again.json().refresh_token);
    ok(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/logout',
        cookies: { refresh_token: again.json().refresh_token },
      }),
    );
    await waitForMails(t, EMAIL, 2);

    const log = t.logLines.join('\n');
    // The log did record the flow (so the checks below look at something): requests and queued mails.
    expect(log).toContain('/api/v1/auth/password/reset');
    expect(log).toContain('mail queued');
    for (const secret of secrets) expect(log).not.toContain(secret);
    for (const code of codes) expect(log).not.toMatch(new RegExp(`(?<![\\d.])${code}(?!\\d)`));
  });
});
