import { messages as m } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, users } from '../../db/schema';
import { systemClock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { bearer, logIn, PASSWORD, post, ROOMY_LIMITS, registerVerified, userRow } from './auth-test-helpers';
import { checkAdminSecondFactor, currentTotp } from './two-factor';

const EMAIL = 'ops@example.com';

describe('admin two-factor sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
    await registerVerified(t, EMAIL);
    await t.ctx.db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, EMAIL));
  });
  afterAll(async () => t.close());

  it('an admin enrols with a QR code and a confirming code; from then on sign-in asks for the code', async () => {
    // Outside production an admin without two-factor signs in with the password alone (the demo).
    const first = await logIn(t, EMAIL);
    const headers = bearer(first.accessToken);
    expect((await post(t, '/admin/totp/status', {}, headers)).json().data).toEqual({ enabled: false });

    const enrol = await post(t, '/admin/totp/enrol', {}, headers);
    expect(enrol.statusCode, enrol.body).toBe(200);
    const { secret, otpauth_url, qr_data_url } = enrol.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauth_url).toContain('otpauth://totp/');
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);

    const wrong = await post(t, '/admin/totp/confirm', { code: '000000' }, headers);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'totp_invalid', message: m.totpCodeWrong });
    const code = await currentTotp(t.ctx, secret);
    const confirm = await post(t, '/admin/totp/confirm', { code }, headers);
    expect(confirm.json()).toEqual({ status: true, message: m.totpEnabled });
    expect((await post(t, '/admin/totp/status', {}, headers)).json().data).toEqual({ enabled: true });
    // The factor cannot be swapped from a session once it is on.
    expect((await post(t, '/admin/totp/enrol', {}, headers)).statusCode).toBe(409);
    const admin = await userRow(t, EMAIL);
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, admin!.id));
    expect(audit.map((line) => line.action)).toEqual(['TOTP_ENABLED']);

    const missing = await post(t, '/auth/login', { email: EMAIL, password: PASSWORD });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'totp_required', message: m.totpCodeRequired });
    const bad = await post(t, '/auth/login', { email: EMAIL, password: PASSWORD, totp: '123456' });
    expect(bad.json()).toMatchObject({ code: 'totp_invalid' });
    // The confirming code's step is spent; the next step's code (inside the drift window) signs in.
    const replayedConfirm = await post(t, '/auth/login', { email: EMAIL, password: PASSWORD, totp: code });
    expect(replayedConfirm.json()).toMatchObject({ code: 'totp_replayed', message: m.totpCodeUsed });
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    // A code counts once, even when two sign-ins race with it.
    const raced = await Promise.all(
      [1, 2].map(() => post(t, '/auth/login', { email: EMAIL, password: PASSWORD, totp: next })),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(raced.find((r) => r.statusCode === 401)?.json()).toMatchObject({ code: 'totp_replayed' });
    // A wrong password is still the same answer, whatever the code.
    const wrongPassword = await post(t, '/auth/login', {
      email: EMAIL,
      password: 'Wrong#2026',
      totp: '123456',
    });
    expect(wrongPassword.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('the enrolment routes are for admins only', async () => {
    const customer = await createTestUser(t);
    for (const url of ['/admin/totp/status', '/admin/totp/enrol', '/admin/totp/confirm']) {
      expect((await post(t, url, { code: '123456' })).statusCode).toBe(401);
      expect((await post(t, url, { code: '123456' }, customer.headers)).statusCode).toBe(403);
    }
  });
});

describe('production refuses admin sign-in without two-factor', () => {
  const admin = { role: 'ADMIN', totpEnabledAt: null, totpSecret: null } as never;
  const customer = { role: 'USER', totpEnabledAt: null, totpSecret: null } as never;
  const production = { clock: systemClock, config: { env: 'production' } as Config, db: undefined as never };

  it('refuses an admin who has not enrolled, and lets customers through', async () => {
    const refused = await checkAdminSecondFactor(production, admin, undefined).catch((error) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('totp_not_enrolled');
    await expect(checkAdminSecondFactor(production, customer, undefined)).resolves.toBeUndefined();
    const development = {
      clock: systemClock,
      config: { env: 'development' } as Config,
      db: undefined as never,
    };
    await expect(checkAdminSecondFactor(development, admin, undefined)).resolves.toBeUndefined();
  });
});
