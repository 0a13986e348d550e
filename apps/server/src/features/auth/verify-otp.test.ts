import { messages as m } from '@exchange/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otps } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  newestCode,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  registerVerified,
  signupBody,
  userRow,
  waitForMails,
} from './auth-test-helpers';

/** A six-digit code that is not `code`. */
function otherThan(code: string): string {
  return code === '000000' ? '000001' : '000000';
}

describe('e-mailed codes', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
  });
  afterAll(async () => t.close());

  const verify = (email: string, otp: string, type = 'EMAIL_VERIFY') =>
    post(t, '/otp/verify', { email, otp, type });
  const login = (email: string) => post(t, '/auth/login', { email, password: PASSWORD });

  it('a sign-up code works once, and only until it is used', async () => {
    await post(t, '/auth/signup', signupBody('once@example.com'));
    const code = await newestCode(t, 'once@example.com');
    expect((await verify('once@example.com', code)).statusCode).toBe(200);
    const again = await verify('once@example.com', code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: false, message: m.otpWrong, code: 'otp_invalid' });
    expect((await login('once@example.com')).statusCode).toBe(200);
  });

  it('a code dies ten minutes after it was sent', async () => {
    await post(t, '/auth/signup', signupBody('late@example.com'));
    const code = await newestCode(t, 'late@example.com');
    clock.advance(10 * 60_000);
    const res = await verify('late@example.com', code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: m.otpExpired, code: 'otp_expired' });
    expect((await userRow(t, 'late@example.com'))!.emailVerifiedAt).toBeNull();
  });

  it('a code one second short of ten minutes still works', async () => {
    await post(t, '/auth/signup', signupBody('just-in-time@example.com'));
    const code = await newestCode(t, 'just-in-time@example.com');
    clock.advance(10 * 60_000 - 1000);
    expect((await verify('just-in-time@example.com', code)).statusCode).toBe(200);
  });

  it('five wrong tries kill a code; the customer asks for a new one and that one works', async () => {
    await post(t, '/auth/signup', signupBody('clumsy@example.com'));
    const code = await newestCode(t, 'clumsy@example.com');
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push((await verify('clumsy@example.com', otherThan(code))).json().code);
    expect(answers).toEqual(['otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_locked']);
    const right = await verify('clumsy@example.com', code);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ status: false, message: m.otpLocked, code: 'otp_locked' });

    const resend = await post(t, '/auth/password/forget', {
      email: 'clumsy@example.com',
      type: 'EMAIL_VERIFY',
    });
    expect(resend.json()).toEqual({ status: true, message: m.otpResent });
    const fresh = await newestCode(t, 'clumsy@example.com', 2);
    expect((await verify('clumsy@example.com', fresh)).statusCode).toBe(200);
  });

  it('a new code makes the older one useless', async () => {
    await post(t, '/auth/signup', signupBody('twice@example.com'));
    const first = await newestCode(t, 'twice@example.com');
    await post(t, '/auth/password/forget', { email: 'twice@example.com', type: 'EMAIL_VERIFY' });
    const second = await newestCode(t, 'twice@example.com', 2);
    if (first !== second) {
      expect((await verify('twice@example.com', first)).json().code).toBe('otp_invalid');
    }
    expect((await verify('twice@example.com', second)).statusCode).toBe(200);
    const user = await userRow(t, 'twice@example.com');
    const live = await t.ctx.db
      .select()
      .from(otps)
      .where(and(eq(otps.userId, user!.id)));
    expect(live.every((otp) => otp.consumedAt !== null)).toBe(true);
  });

  it('a reset code is checked on the verify screen without being used up, then resets the password', async () => {
    await registerVerified(t, 'forgetful@example.com');
    await post(t, '/auth/password/forget', { email: 'forgetful@example.com' });
    const code = await newestCode(t, 'forgetful@example.com', 2);
    const checked = await verify('forgetful@example.com', code, 'PASSWORD_RESET');
    expect(checked.json()).toEqual({ status: true, message: m.otpAccepted });
    expect((await verify('forgetful@example.com', code, 'PASSWORD_RESET')).statusCode).toBe(200);
    // Named as a sign-up code (as the spec's client names every code) it is still only checked.
    expect((await verify('forgetful@example.com', code, 'EMAIL_VERIFY')).json()).toEqual({
      status: true,
      message: m.otpAccepted,
    });

    const reset = await post(t, '/auth/password/reset', {
      email: 'forgetful@example.com',
      otp: code,
      password: 'Moonrise#2027',
    });
    expect(reset.json()).toEqual({ status: true, message: m.passwordResetSuccess });
    expect((await verify('forgetful@example.com', code, 'PASSWORD_RESET')).json().code).toBe('otp_invalid');
  });

  it('wrong tries count on the verify screen and the reset form together', async () => {
    await registerVerified(t, 'guesser@example.com');
    await post(t, '/auth/password/forget', { email: 'guesser@example.com' });
    const code = await newestCode(t, 'guesser@example.com', 2);
    for (let i = 0; i < 3; i += 1) await verify('guesser@example.com', otherThan(code), 'PASSWORD_RESET');
    const wrongReset = { email: 'guesser@example.com', otp: otherThan(code), password: 'Moonrise#2027' };
    expect((await post(t, '/auth/password/reset', wrongReset)).json().code).toBe('otp_invalid');
    expect((await post(t, '/auth/password/reset', wrongReset)).json().code).toBe('otp_locked');
    const rightReset = await post(t, '/auth/password/reset', { ...wrongReset, otp: code });
    expect(rightReset.json().code).toBe('otp_locked');
    expect((await login('guesser@example.com')).statusCode).toBe(200);
  });

  it('answers a code for an unknown e-mail exactly like a wrong code', async () => {
    const res = await verify('stranger@example.com', '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: m.otpWrong, code: 'otp_invalid' });
  });

  it('rejects a code that is not six digits with the screen message, counting nothing', async () => {
    await post(t, '/auth/signup', signupBody('typo@example.com'));
    await waitForMails(t, 'typo@example.com', 1);
    for (const otp of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify('typo@example.com', otp);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message: m.otpRequired, code: 'validation_failed' });
    }
    const user = await userRow(t, 'typo@example.com');
    const [otp] = await t.ctx.db.select().from(otps).where(eq(otps.userId, user!.id));
    expect(otp!.attempts).toBe(0);
  });
});

/**
 * The spec's client verifies every code with type EMAIL_VERIFY, its only type. The verify screen takes
 * the outstanding code of either purpose whatever the type says; the code's own purpose decides what
 * it unlocks: a sign-up code verifies the e-mail, a reset code only the reset.
 */
describe('a code named with the other type', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => t.close());

  const verify = (email: string, otp: string, type: string) => post(t, '/otp/verify', { email, otp, type });
  const reset = (email: string, otp: string, password = 'Moonrise#2027') =>
    post(t, '/auth/password/reset', { email, otp, password });
  const login = (email: string, password = PASSWORD) => post(t, '/auth/login', { email, password });

  it("a reset code verified as EMAIL_VERIFY, as the spec's client sends it, is accepted and then resets the password", async () => {
    await registerVerified(t, 'spec-client@example.com');
    await post(t, '/auth/password/forget', { email: 'spec-client@example.com' });
    const code = await newestCode(t, 'spec-client@example.com', 2);
    const checked = await verify('spec-client@example.com', code, 'EMAIL_VERIFY');
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({ status: true, message: m.otpAccepted });
    expect((await reset('spec-client@example.com', code)).json()).toEqual({
      status: true,
      message: m.passwordResetSuccess,
    });
    expect((await login('spec-client@example.com', 'Moonrise#2027')).statusCode).toBe(200);
    // Used up by the reset, whichever way it is named.
    expect((await verify('spec-client@example.com', code, 'EMAIL_VERIFY')).json().code).toBe('otp_invalid');
  });

  it('a reset code verified as EMAIL_VERIFY unlocks only the reset: the e-mail stays unverified until the reset', async () => {
    await post(t, '/auth/signup', signupBody('reset-only@example.com'));
    const signupCode = await newestCode(t, 'reset-only@example.com');
    await post(t, '/auth/password/forget', { email: 'reset-only@example.com' });
    const resetCode = await newestCode(t, 'reset-only@example.com', 2);
    if (resetCode === signupCode) return; // one chance in a million: the codes must differ to tell them apart
    expect((await verify('reset-only@example.com', resetCode, 'EMAIL_VERIFY')).json()).toEqual({
      status: true,
      message: m.otpAccepted,
    });
    expect((await userRow(t, 'reset-only@example.com'))!.emailVerifiedAt).toBeNull();
    const user = await userRow(t, 'reset-only@example.com');
    const live = await t.ctx.db.select().from(otps).where(eq(otps.userId, user!.id));
    expect(live.map((otp) => [otp.purpose, otp.consumedAt, otp.attempts]).sort()).toEqual([
      ['EMAIL_VERIFY', null, 0],
      ['PASSWORD_RESET', null, 0],
    ]);
    expect((await login('reset-only@example.com')).statusCode).not.toBe(200);
    expect((await reset('reset-only@example.com', resetCode)).statusCode).toBe(200);
    expect((await userRow(t, 'reset-only@example.com'))!.emailVerifiedAt).not.toBeNull();
  });

  it('a sign-up code verified as PASSWORD_RESET verifies the e-mail, and never resets a password', async () => {
    await post(t, '/auth/signup', signupBody('signup-named-reset@example.com'));
    const code = await newestCode(t, 'signup-named-reset@example.com');
    // The reset form takes reset codes only: the password stays, and the sign-up code is not counted.
    const refused = await reset('signup-named-reset@example.com', code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('otp_invalid');
    const checked = await verify('signup-named-reset@example.com', code, 'PASSWORD_RESET');
    expect(checked.json()).toEqual({ status: true, message: m.emailVerifiedSuccess });
    expect((await userRow(t, 'signup-named-reset@example.com'))!.emailVerifiedAt).not.toBeNull();
    // Used up by the verification, so it cannot reset the password afterwards either.
    expect((await reset('signup-named-reset@example.com', code)).json().code).toBe('otp_invalid');
    expect((await login('signup-named-reset@example.com')).statusCode).toBe(200);
    expect((await login('signup-named-reset@example.com', 'Moonrise#2027')).statusCode).not.toBe(200);
  });

  it('a wrong code counts a try on every outstanding code it was compared with', async () => {
    await post(t, '/auth/signup', signupBody('both-codes@example.com'));
    const signupCode = await newestCode(t, 'both-codes@example.com');
    await post(t, '/auth/password/forget', { email: 'both-codes@example.com' });
    const resetCode = await newestCode(t, 'both-codes@example.com', 2);
    let wrong = '000000';
    while (wrong === signupCode || wrong === resetCode) wrong = String(Number(wrong) + 1).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push((await verify('both-codes@example.com', wrong, 'EMAIL_VERIFY')).json().code);
    expect(answers).toEqual(['otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_locked']);
    // Both codes are dead: five wrong tries are all either code ever meets.
    expect((await verify('both-codes@example.com', signupCode, 'EMAIL_VERIFY')).json().code).toBe(
      'otp_locked',
    );
    expect((await reset('both-codes@example.com', resetCode)).json().code).toBe('otp_locked');
  });
});
