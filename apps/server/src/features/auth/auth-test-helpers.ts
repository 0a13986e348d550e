import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

/** Budgets high enough that scenario tests never meet the rate limits; rate-limits.test.ts tests them. */
export const ROOMY_LIMITS: Record<string, string> = {
  AUTH_LIMIT_IP_PER_MINUTE: '10000',
  AUTH_LIMIT_ACCOUNT_PER_MINUTE: '10000',
  AUTH_MAIL_LIMIT_IP_PER_MINUTE: '10000',
  AUTH_MAIL_LIMIT_ACCOUNT_PER_MINUTE: '10000',
};

export const PASSWORD = 'Sunrise#2026';

export function signupBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Dana Scully',
    country_code: '91',
    mobile_no: '9876543210',
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...overrides,
  };
}

export async function mailsTo(t: TestApp, to: string) {
  return t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}

/** The six-digit code of a mail text. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error('no code in the mail');
  return match[1];
}

/** Waits until `to` has received `count` mails (codes requested through forget arrive after the answer). */
export async function waitForMails(t: TestApp, to: string, count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await mailsTo(t, to);
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${to}, found ${rows.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The code of the newest mail to `to`, once `count` mails have arrived. */
export async function newestCode(t: TestApp, to: string, count = 1): Promise<string> {
  const [newest] = await waitForMails(t, to, count);
  return codeIn(newest!.text);
}

/** Waits until `count` code requests (forget / resend) have been handled after their answers. */
export async function waitForCodeRequests(t: TestApp, count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const handled = t.logLines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'code request handled');
    if (handled.length >= count) return handled;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} handled code requests, found ${handled.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
}

/** The refresh token a response set in its cookie, if any. */
export function refreshCookie(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((cookie) => cookie.name === 'refresh_token')?.value;
}

/** Signs up and verifies `email` through the API; returns the password used. */
export async function registerVerified(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const signup = await post(t, '/auth/signup', signupBody(email, { password, confirm_password: password }));
  expect(signup.statusCode).toBe(200);
  const otp = await newestCode(t, email);
  const verify = await post(t, '/otp/verify', { email, otp, type: 'EMAIL_VERIFY' });
  expect(verify.statusCode).toBe(200);
  return password;
}

export interface SignedIn {
  readonly userId: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

export async function logIn(t: TestApp, email: string, password = PASSWORD): Promise<SignedIn> {
  const res = await post(t, '/auth/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { userId: body.data._id, accessToken: body.token, refreshToken: body.refresh_token };
}

export function refreshWithCookie(t: TestApp, refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refreshtoken',
    cookies: { refresh_token: refreshToken },
  });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function userRow(t: TestApp, email: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return row;
}
