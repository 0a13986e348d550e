import { messages as m } from '@exchange/contracts';
import { RECOVERY_CODE_COUNT } from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, recoveryCodes, users } from '../../db/schema';
import { ManualClock, systemClock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkSecondFactorAtSignIn } from '../accounts/second-factor';
import { currentTotp } from '../accounts/totp-codes';
import { openTotpSecret } from '../accounts/totp-secret-box';
import {
  bearer,
  logIn,
  mailsTo,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  registerVerified,
  userRow,
} from '../auth/auth-test-helpers';
import { enrolTwoFactor, nextTotp } from './two-factor-test-helpers';

const CUSTOMER = 'fox@example.com';
const ADMIN = 'ops@example.com';

describe('two-factor sign-in for every account', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
    await registerVerified(t, CUSTOMER);
    await registerVerified(t, ADMIN);
    await t.ctx.db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, ADMIN));
  });
  afterAll(async () => t.close());

  const login = (email: string, extra: Record<string, string> = {}) =>
    post(t, '/auth/login', { email, password: PASSWORD, ...extra });

  it('a customer enrols with a QR code and a first code, gets ten recovery codes, and every other sign-in ends', async () => {
    const here = bearer((await logIn(t, CUSTOMER)).accessToken);
    const elsewhere = bearer((await logIn(t, CUSTOMER)).accessToken);
    expect((await post(t, '/auth/2fa/status', {}, here)).json().data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      withdrawals_paused_until: null,
    });

    const enrol = await post(t, '/auth/2fa/enrol', {}, here);
    expect(enrol.statusCode, enrol.body).toBe(200);
    const { secret, otpauth_url, qr_data_url } = enrol.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    const wrong = await post(t, '/auth/2fa/confirm', { code: '000000' }, here);
    expect(wrong.json()).toMatchObject({ code: 'totp_invalid', message: m.totpCodeWrong });

    const confirm = await post(t, '/auth/2fa/confirm', { code: await currentTotp(t.ctx, secret) }, here);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes: string[] = confirm.json().data.recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Stored hashed: no code appears in the table.
    const hashed = await t.ctx.db.select().from(recoveryCodes);
    expect(hashed).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of hashed) expect(codes.some((code) => row.codeHash.includes(code))).toBe(false);

    // The secret is not kept in clear.
    const stored = (await userRow(t, CUSTOMER))!.totpSecret!;
    expect(stored).not.toContain(secret);
    expect(openTotpSecret(t.ctx.config, (await userRow(t, CUSTOMER))!.id, stored)).toBe(secret);

    // The sign-in that enrolled goes on; the other one ended with the change.
    // Turning it on paused withdrawals for the cool-down, and the status says until when.
    expect((await post(t, '/auth/2fa/status', {}, here)).json().data).toEqual({
      enabled: true,
      recovery_codes_left: RECOVERY_CODE_COUNT,
      withdrawals_paused_until: new Date(
        clock.now().getTime() + t.ctx.config.withdrawals.coolDownMs,
      ).toISOString(),
    });
    expect((await post(t, '/auth/2fa/status', {}, elsewhere)).statusCode).toBe(401);
    // The factor cannot be swapped from a session once it is on.
    expect((await post(t, '/auth/2fa/enrol', {}, here)).statusCode).toBe(409);

    // Sign-in now asks for a code: first without one, then with it.
    expect((await login(CUSTOMER)).json()).toMatchObject({
      code: 'totp_required',
      message: m.totpCodeRequired,
    });
    expect((await login(CUSTOMER, { totp: '123456' })).json()).toMatchObject({ code: 'totp_invalid' });
    const code = await nextTotp(t, clock, secret);
    const signedIn = await login(CUSTOMER, { totp: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.email).toBe(CUSTOMER);
    // A code counts once.
    expect((await login(CUSTOMER, { totp: code })).json()).toMatchObject({
      code: 'totp_replayed',
      message: m.totpCodeUsed,
    });

    // A recovery code signs in once, typed in any case, with or without its dash.
    const [first, second] = codes as [string, string];
    expect((await login(CUSTOMER, { recovery_code: first })).statusCode).toBe(200);
    expect((await login(CUSTOMER, { recovery_code: first })).json()).toMatchObject({
      code: 'recovery_code_wrong',
      message: m.recoveryCodeWrong,
    });
    expect((await login(CUSTOMER, { recovery_code: second.replace('-', '').toUpperCase() })).statusCode).toBe(
      200,
    );
    expect((await post(t, '/auth/2fa/status', {}, here)).json().data.recovery_codes_left).toBe(
      RECOVERY_CODE_COUNT - 2,
    );
    // A wrong password is the same answer as ever, whatever the code.
    const wrongPassword = await post(t, '/auth/login', {
      email: CUSTOMER,
      password: 'Wrong#2026',
      totp: '123456',
    });
    expect(wrongPassword.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('turning two-factor off needs a code, ends the other sign-ins and lets the password alone in again', async () => {
    const user = await userRow(t, CUSTOMER);
    const secret = openTotpSecret(t.ctx.config, user!.id, user!.totpSecret)!;
    const here = bearer((await login(CUSTOMER, { totp: await nextTotp(t, clock, secret) })).json().token);
    const elsewhere = bearer(
      (await login(CUSTOMER, { totp: await nextTotp(t, clock, secret) })).json().token,
    );

    const none = await post(t, '/auth/2fa/disable', {}, here);
    expect(none.statusCode).toBe(400);
    const wrong = await post(t, '/auth/2fa/disable', { totp: '000000' }, here);
    expect(wrong.json()).toMatchObject({ code: 'totp_invalid' });
    expect((await post(t, '/auth/2fa/status', {}, here)).json().data.enabled).toBe(true);

    const off = await post(t, '/auth/2fa/disable', { totp: await nextTotp(t, clock, secret) }, here);
    expect(off.json()).toEqual({ status: true, message: m.totpDisabled });
    // The owner hears of both changes.
    const notices = (await mailsTo(t, CUSTOMER)).map((mail) => mail.text);
    expect(notices.some((text) => text.includes(m.securityChangeTwoFactorOn))).toBe(true);
    expect(notices.some((text) => text.includes(m.securityChangeTwoFactorOff))).toBe(true);
    expect((await post(t, '/auth/2fa/status', {}, here)).json().data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      withdrawals_paused_until: null,
    });
    expect((await post(t, '/auth/2fa/status', {}, elsewhere)).statusCode).toBe(401);
    expect((await login(CUSTOMER)).statusCode).toBe(200);
    expect((await post(t, '/auth/2fa/disable', { totp: '123456' }, here)).statusCode).toBe(409);
  });

  it('an admin enrols the same way (audited), and two sign-ins racing with one code cannot both pass', async () => {
    const headers = bearer((await logIn(t, ADMIN)).accessToken);
    const { secret } = await enrolTwoFactor(t, headers);
    const admin = await userRow(t, ADMIN);
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, admin!.id));
    expect(audit.map((line) => line.action)).toEqual(['TOTP_ENABLED']);

    expect((await login(ADMIN)).json()).toMatchObject({ code: 'totp_required' });
    const next = await nextTotp(t, clock, secret);
    const raced = await Promise.all([1, 2].map(() => login(ADMIN, { totp: next })));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(raced.find((r) => r.statusCode === 401)?.json()).toMatchObject({ code: 'totp_replayed' });
  });

  it('a secret stored in clear before encryption at rest still signs in, and is sealed then', async () => {
    const email = 'legacy@example.com';
    await registerVerified(t, email);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.ctx.db
      .update(users)
      .set({ totpSecret: secret, totpEnabledAt: clock.now() })
      .where(eq(users.email, email));
    expect((await login(email)).json()).toMatchObject({ code: 'totp_required' });
    expect((await login(email, { totp: await nextTotp(t, clock, secret) })).statusCode).toBe(200);
    const row = await userRow(t, email);
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(openTotpSecret(t.ctx.config, row!.id, row!.totpSecret)).toBe(secret);
    expect((await login(email, { totp: await nextTotp(t, clock, secret) })).statusCode).toBe(200);
  });

  it('a password change asks for the code when two-factor is on', async () => {
    const email = 'changer@example.com';
    await registerVerified(t, email);
    const signedIn = await logIn(t, email);
    const headers = bearer(signedIn.accessToken);
    const { secret } = await enrolTwoFactor(t, headers);
    const change = (extra: Record<string, string>) =>
      post(
        t,
        '/auth/password/change',
        {
          current_password: PASSWORD,
          new_password: 'Moonrise#2027',
          refresh_token: signedIn.refreshToken,
          ...extra,
        },
        headers,
      );
    const before = (await userRow(t, email))!.passwordHash;
    expect((await change({})).json()).toMatchObject({ code: 'totp_required' });
    expect((await change({ totp: '000000' })).json()).toMatchObject({ code: 'totp_invalid' });
    expect((await userRow(t, email))!.passwordHash).toBe(before);
    const changed = await change({ totp: await nextTotp(t, clock, secret) });
    expect(changed.json()).toEqual({ status: true, message: m.passwordChanged });
    expect((await post(t, '/auth/login', { email, password: 'Moonrise#2027' })).json()).toMatchObject({
      code: 'totp_required',
    });
  });
});

describe('an admin without two-factor signs in, in production too', () => {
  const admin = { role: 'ADMIN', totpEnabledAt: null, totpSecret: null } as never;
  const customer = { role: 'USER', totpEnabledAt: null, totpSecret: null } as never;
  const context = (env: Config['env']) =>
    ({
      clock: systemClock,
      config: { env } as Config,
      db: undefined,
      mailer: undefined,
      logger: undefined,
    }) as never;

  // Issue 46 point 6: the sign-in goes through so the admin can reach the two-factor enrolment; in
  // production the admin routes refuse them until it is on (platform/admin-two-factor.test.ts).
  it('lets an admin who has not enrolled sign in without a second factor, as customers do', async () => {
    await expect(checkSecondFactorAtSignIn(context('production'), admin, {})).resolves.toBe(false);
    await expect(checkSecondFactorAtSignIn(context('production'), customer, {})).resolves.toBe(false);
    await expect(checkSecondFactorAtSignIn(context('development'), admin, {})).resolves.toBe(false);
  });
});
