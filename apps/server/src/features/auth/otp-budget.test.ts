import { messages as m } from '@exchange/contracts';
import { OTP_WRONG_TRIES_PER_DAY } from '@exchange/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  newestCode,
  post,
  ROOMY_LIMITS,
  registerVerified,
  signupBody,
  waitForCodeRequests,
} from './auth-test-helpers';

/**
 * Wrong codes are budgeted per e-mail address and purpose per day, across every code sent: asking
 * for new codes does not reset it. An address without an account spends and meets the budget the
 * same way, so the answers do not tell whether an account exists.
 */

const coolDown = { status: false, message: m.otpCoolDown, code: 'otp_locked' };

function otherThan(code: string): string {
  return code === '000000' ? '000001' : '000000';
}

describe('the daily budget of wrong codes', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let requests = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
  });
  afterAll(async () => t.close());

  const reset = (email: string, otp: string) =>
    post(t, '/otp/verify', { email, otp, type: 'PASSWORD_RESET' });
  async function newResetCode(email: string, mails: number): Promise<string> {
    expect((await post(t, '/auth/password/forget', { email })).statusCode).toBe(200);
    requests += 1;
    await waitForCodeRequests(t, requests);
    return newestCode(t, email, mails);
  }

  it('survives new codes: after ten wrong tries in a day even the right code is refused, until the day is over', async () => {
    await registerVerified(t, 'budget@example.com');
    let mails = 1;
    for (let round = 0; round < OTP_WRONG_TRIES_PER_DAY / 5; round += 1) {
      mails += 1;
      const code = await newResetCode('budget@example.com', mails);
      for (let i = 0; i < 5; i += 1)
        expect((await reset('budget@example.com', otherThan(code))).statusCode).not.toBe(200);
    }
    mails += 1;
    const fresh = await newResetCode('budget@example.com', mails);
    const refused = await reset('budget@example.com', fresh);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(coolDown);

    clock.advance(24 * 60 * 60 * 1000);
    mails += 1;
    const tomorrow = await newResetCode('budget@example.com', mails);
    expect((await reset('budget@example.com', tomorrow)).statusCode).toBe(200);
  });

  it('answers an address without an account exactly as one with an account', async () => {
    await registerVerified(t, 'real@example.com');
    const answers = async (email: string) => {
      const out = [];
      for (let i = 0; i <= OTP_WRONG_TRIES_PER_DAY; i += 1) {
        const res = await reset(email, '123456');
        out.push([res.statusCode, res.json()]);
      }
      return out;
    };
    const real = await answers('real@example.com');
    const ghost = await answers('ghost@example.com');
    expect(ghost).toEqual(real);
    expect(ghost.at(-1)).toEqual([429, coolDown]);
  });

  it('keeps one purpose from spending the other: wrong tries on the reset form leave the sign-up code working', async () => {
    const email = 'two-purposes@example.com';
    await post(t, '/auth/signup', signupBody(email));
    const signupCode = await newestCode(t, email);
    const wrong = otherThan(signupCode);
    for (let i = 0; i < OTP_WRONG_TRIES_PER_DAY; i += 1)
      await post(t, '/auth/password/reset', { email, otp: wrong, password: 'Moonrise#2027' });
    expect(
      (await post(t, '/auth/password/reset', { email, otp: wrong, password: 'Moonrise#2027' })).json(),
    ).toEqual(coolDown);
    const verify = await post(t, '/otp/verify', { email, otp: signupCode, type: 'EMAIL_VERIFY' });
    expect(verify.json()).toEqual({ status: true, message: m.emailVerifiedSuccess });
  });

  it('spends both purposes on the verify screen, which compares the codes of both', async () => {
    await registerVerified(t, 'verify-screen@example.com');
    for (let i = 0; i < OTP_WRONG_TRIES_PER_DAY; i += 1) await reset('verify-screen@example.com', '123456');
    const asSignup = await post(t, '/otp/verify', {
      email: 'verify-screen@example.com',
      otp: '123456',
      type: 'EMAIL_VERIFY',
    });
    expect(asSignup.json()).toEqual(coolDown);
  });
});
