import { messages as m } from '@exchange/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, otps, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  mailsTo,
  newestCode,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  registerVerified,
  signupBody,
  userRow,
} from './auth-test-helpers';

async function totals(t: TestApp) {
  const [u] = await t.ctx.db.select({ n: count() }).from(users);
  const [o] = await t.ctx.db.select({ n: count() }).from(otps);
  const [mail] = await t.ctx.db.select({ n: count() }).from(mailOutbox);
  return { users: u!.n, otps: o!.n, mails: mail!.n };
}

describe('signing up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => t.close());

  it('a new customer signs up, verifies the emailed code and logs in', async () => {
    const signup = await post(t, '/auth/signup', signupBody('  Dana.Scully@Example.COM '));
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({
      status: true,
      message: m.signupSuccess,
      data: { email: 'dana.scully@example.com' },
    });

    const stored = await userRow(t, 'dana.scully@example.com');
    expect(stored).toMatchObject({
      name: 'Dana Scully',
      countryCode: '91',
      mobileNo: '9876543210',
      role: 'USER',
      emailVerifiedAt: null,
    });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored!.refCode).toMatch(/^[0-9A-F]{10}$/);

    const [mail] = await mailsTo(t, 'dana.scully@example.com');
    expect(mail!.subject).toBe('Verify your email address');
    const [otp] = await t.ctx.db.select().from(otps).where(eq(otps.userId, stored!.id));
    const code = await newestCode(t, 'dana.scully@example.com');
    expect(otp!.codeHash).not.toContain(code);
    expect(otp!.expiresAt.getTime() - otp!.createdAt.getTime()).toBe(10 * 60_000);

    const early = await post(t, '/auth/login', { email: 'dana.scully@example.com', password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ status: false, message: m.emailNotVerified, code: 'email_not_verified' });

    const verify = await post(t, '/otp/verify', {
      email: 'DANA.SCULLY@example.com',
      otp: code,
      type: 'EMAIL_VERIFY',
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ status: true, message: m.emailVerifiedSuccess });

    const login = await post(t, '/auth/login', { email: 'Dana.Scully@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({
      email: 'dana.scully@example.com',
      is_kyc_verified: false,
      user_role: 'USER',
    });
  });

  it('refuses a second account for the same e-mail, whatever its case, and writes nothing', async () => {
    await post(t, '/auth/signup', signupBody('fox.mulder@example.com'));
    const before = await totals(t);
    const again = await post(
      t,
      '/auth/signup',
      signupBody('Fox.Mulder@EXAMPLE.com', { name: 'Someone Else' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: m.emailTaken, code: 'email_taken' });
    expect(await totals(t)).toEqual(before);
  });

  it('records who referred a new customer, and gives every customer their own referral code', async () => {
    await registerVerified(t, 'referrer@example.com');
    const referrer = await userRow(t, 'referrer@example.com');
    const res = await post(
      t,
      '/auth/signup',
      signupBody('referred@example.com', { referral_code: referrer!.refCode.toLowerCase() }),
    );
    expect(res.statusCode).toBe(200);
    const referred = await userRow(t, 'referred@example.com');
    expect(referred!.referredBy).toBe(referrer!.id);
    expect(referred!.refCode).not.toBe(referrer!.refCode);
  });

  it('refuses an unknown referral code and writes nothing', async () => {
    const before = await totals(t);
    const res = await post(
      t,
      '/auth/signup',
      signupBody('walter@example.com', { referral_code: 'NOPE000000' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: m.referralInvalid, code: 'referral_invalid' });
    expect(await totals(t)).toEqual(before);
  });

  it.each([
    ['a short password', { password: 'Ab#1', confirm_password: 'Ab#1' }, m.passwordMin],
    [
      'a password without an uppercase letter',
      { password: 'sunrise#2026', confirm_password: 'sunrise#2026' },
      m.passwordUppercase,
    ],
    [
      'a password without a special character',
      { password: 'Sunrise2026', confirm_password: 'Sunrise2026' },
      m.passwordSpecial,
    ],
    ['a confirmation that differs', { confirm_password: 'Sunrise#2027' }, m.confirmPasswordMismatch],
    ['a malformed e-mail', { email: 'not-an-email' }, m.registerEmailInvalid],
    ['a missing name', { name: '' }, m.nameRequired],
    // The name is printed in receipt mails to other users: it cannot carry a second line or a link.
    ['a name carrying a phishing line', { name: 'Bob\nClick http://x' }, 'Name accepts letters only'],
    ['a name with digits', { name: 'Bob 2' }, m.profileNameLetters],
  ])(
    'rejects %s with the screen message, creating no user, code or mail',
    async (_case, overrides, message) => {
      const before = await totals(t);
      const res = await post(t, '/auth/signup', signupBody('skinner@example.com', overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message, code: 'validation_failed' });
      expect(await totals(t)).toEqual(before);
    },
  );
});
