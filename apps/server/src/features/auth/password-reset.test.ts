import { messages as m } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import type { Mailer } from '../../platform/mail/mailer';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  logIn,
  mailsTo,
  newestCode,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  refreshWithCookie,
  registerVerified,
  signupBody,
  userRow,
  waitForCodeRequests,
  waitForMails,
} from './auth-test-helpers';

const NEW_PASSWORD = 'Moonrise#2027';

describe('resetting a forgotten password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => t.close());

  const forget = (email: string, type?: string) =>
    post(t, '/auth/password/forget', type ? { email, type } : { email });
  const reset = (email: string, otp: string, password = NEW_PASSWORD) =>
    post(t, '/auth/password/reset', { email, otp, password });
  const login = (email: string, password: string) => post(t, '/auth/login', { email, password });

  it('a customer who forgot the password gets a code, sets a new password, and every old sign-in ends', async () => {
    await registerVerified(t, 'amnesia@example.com');
    const oldSession = await logIn(t, 'amnesia@example.com');

    const res = await forget('Amnesia@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: m.resetCodeSent });
    const [mail] = await waitForMails(t, 'amnesia@example.com', 2);
    expect(mail!.subject).toBe('Your password reset code');

    const done = await reset('amnesia@example.com', await newestCode(t, 'amnesia@example.com', 2));
    expect(done.json()).toEqual({ status: true, message: m.passwordResetSuccess });
    expect((await refreshWithCookie(t, oldSession.refreshToken)).statusCode).toBe(401);
    expect((await login('amnesia@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await login('amnesia@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one, and mails nobody', async () => {
    await registerVerified(t, 'known@example.com');
    const handledBefore = (await waitForCodeRequests(t, 0)).length;
    const known = await forget('known@example.com');
    const unknown = await forget('unknown@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const handled = await waitForCodeRequests(t, handledBefore + 2);
    expect(
      handled
        .slice(handledBefore)
        .map((entry) => entry.outcome)
        .sort(),
    ).toEqual(['no_account', 'sent']);
    expect(await mailsTo(t, 'unknown@example.com')).toHaveLength(0);
  });

  it('re-sends a sign-up code only to an account still waiting for verification', async () => {
    await post(t, '/auth/signup', signupBody('waiting@example.com'));
    await registerVerified(t, 'verified@example.com');
    const handledBefore = (await waitForCodeRequests(t, 0)).length;
    for (const email of ['waiting@example.com', 'verified@example.com']) {
      expect((await forget(email, 'EMAIL_VERIFY')).json()).toEqual({ status: true, message: m.otpResent });
    }
    await waitForCodeRequests(t, handledBefore + 2);
    expect(await mailsTo(t, 'waiting@example.com')).toHaveLength(2);
    expect(await mailsTo(t, 'verified@example.com')).toHaveLength(1);
  });

  it('sends no code to a disabled account', async () => {
    await registerVerified(t, 'banned@example.com');
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.email, 'banned@example.com'));
    const handledBefore = (await waitForCodeRequests(t, 0)).length;
    expect((await forget('banned@example.com')).json()).toEqual({ status: true, message: m.resetCodeSent });
    const handled = await waitForCodeRequests(t, handledBefore + 1);
    expect(handled.at(-1)!.outcome).toBe('disabled');
    expect(await mailsTo(t, 'banned@example.com')).toHaveLength(1);
  });

  it('changes nothing when the new password is too weak, and the code still works afterwards', async () => {
    await registerVerified(t, 'weak@example.com');
    await forget('weak@example.com');
    const code = await newestCode(t, 'weak@example.com', 2);
    const before = (await userRow(t, 'weak@example.com'))!.passwordHash;
    const weak = await reset('weak@example.com', code, 'moonrise');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      status: false,
      message: m.passwordUppercase,
      code: 'validation_failed',
    });
    expect((await userRow(t, 'weak@example.com'))!.passwordHash).toBe(before);
    expect((await reset('weak@example.com', code)).statusCode).toBe(200);
  });

  it('changes nothing with a wrong code', async () => {
    await registerVerified(t, 'wrong-code@example.com');
    const session = await logIn(t, 'wrong-code@example.com');
    await forget('wrong-code@example.com');
    const code = await newestCode(t, 'wrong-code@example.com', 2);
    const res = await reset('wrong-code@example.com', code === '999999' ? '999998' : '999999');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: m.otpWrong, code: 'otp_invalid' });
    expect((await login('wrong-code@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await refreshWithCookie(t, session.refreshToken)).statusCode).toBe(200);
  });

  it('lets a customer who never verified the e-mail in after a reset: the code proved the mailbox', async () => {
    await post(t, '/auth/signup', signupBody('never-verified@example.com'));
    await forget('never-verified@example.com');
    const code = await newestCode(t, 'never-verified@example.com', 2);
    expect((await reset('never-verified@example.com', code)).statusCode).toBe(200);
    expect((await login('never-verified@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('answering a reset request while the mail server is slow', () => {
  const MAIL_DELAY_MS = 1500;
  let t: TestApp;
  // Delivers into the outbox, but only after a long pause, like a slow SMTP server.
  const slowMailer: Mailer = {
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
      await t.ctx.db.insert(mailOutbox).values(message);
    },
  };
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, deps: { mailer: slowMailer } });
    await t.ctx.db.insert(users).values({
      name: 'Slow Mail',
      email: 'slow@example.com',
      countryCode: '1',
      mobileNo: '5550100',
      passwordHash: 'not-used-here',
      emailVerifiedAt: new Date(),
      refCode: 'SLOWMAIL01',
    });
  });
  afterAll(async () => t.close());

  it('answers a known e-mail before its mail is sent, as fast as an unknown one', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await post(t, '/auth/password/forget', { email });
      return { ms: performance.now() - started, body: res.body };
    };
    const known = await timed('slow@example.com');
    const unknown = await timed('nobody-here@example.com');
    expect(known.body).toBe(unknown.body);
    // The mail takes MAIL_DELAY_MS; an answer that waited for it would take at least that long.
    expect(known.ms).toBeLessThan(MAIL_DELAY_MS / 2);
    expect(unknown.ms).toBeLessThan(MAIL_DELAY_MS / 2);
    expect(await mailsTo(t, 'slow@example.com')).toHaveLength(0);
    const [mail] = await waitForMails(t, 'slow@example.com', 1);
    expect(mail!.subject).toBe('Your password reset code');
  });
});
