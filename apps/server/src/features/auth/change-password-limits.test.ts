import { messages as m } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bearer, logIn, PASSWORD, post, ROOMY_LIMITS, registerVerified, userRow } from './auth-test-helpers';
import { PASSWORD_CHANGE_WRONG_TRIES_PER_DAY } from './change-password';

/**
 * Each try at the current password costs an argon2 run, and a stolen access token could guess the
 * password through this route: tries are budgeted per account and per client network per minute,
 * and wrong current passwords per account per day. A spent budget refuses every try, even the right
 * password, before argon2 runs and without changing anything, until its window has passed.
 */

const NEW_PASSWORD = 'Harvest#2031';
const WRONG = 'Wrong#Guess2026';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function change(t: TestApp, accessToken: string, currentPassword: string, remoteAddress = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password/change',
    headers: bearer(accessToken),
    remoteAddress,
    payload: { current_password: currentPassword, new_password: NEW_PASSWORD },
  });
}

describe('the daily budget of wrong current passwords', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
  });
  afterAll(async () => t.close());

  it('a right password within the budget still changes it', async () => {
    await registerVerified(t, 'nearly@example.com');
    const session = await logIn(t, 'nearly@example.com');
    for (let i = 1; i < PASSWORD_CHANGE_WRONG_TRIES_PER_DAY; i += 1) {
      expect((await change(t, session.accessToken, WRONG)).statusCode).toBe(400);
    }
    expect((await change(t, session.accessToken, PASSWORD)).statusCode).toBe(200);
  });

  it('once spent, even the right password is refused until the day has passed', async () => {
    await registerVerified(t, 'guessed@example.com');
    const session = await logIn(t, 'guessed@example.com');
    const before = (await userRow(t, 'guessed@example.com'))!.passwordHash;
    for (let i = 0; i < PASSWORD_CHANGE_WRONG_TRIES_PER_DAY; i += 1) {
      const res = await change(t, session.accessToken, WRONG);
      expect(res.json().code).toBe('current_password_wrong');
    }
    const refused = await change(t, session.accessToken, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: false,
      message: m.passwordChangeCoolDown,
      code: 'rate_limited',
    });
    expect((await userRow(t, 'guessed@example.com'))!.passwordHash).toBe(before);

    clock.advance(DAY_MS - MINUTE_MS);
    const stillToday = await logIn(t, 'guessed@example.com');
    expect((await change(t, stillToday.accessToken, PASSWORD)).statusCode).toBe(429);

    clock.advance(MINUTE_MS);
    const tomorrow = await logIn(t, 'guessed@example.com');
    expect((await change(t, tomorrow.accessToken, PASSWORD)).statusCode).toBe(200);
    expect(
      (await post(t, '/auth/login', { email: 'guessed@example.com', password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('the per-minute budgets of password changes', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...ROOMY_LIMITS, AUTH_LIMIT_ACCOUNT_PER_MINUTE: '3', AUTH_LIMIT_IP_PER_MINUTE: '4' },
      clock,
    });
  });
  afterAll(async () => t.close());

  it('per account: hopping client addresses buys no more tries', async () => {
    await registerVerified(t, 'hopper@example.com');
    const session = await logIn(t, 'hopper@example.com');
    for (let i = 1; i <= 3; i += 1) {
      expect((await change(t, session.accessToken, WRONG, `198.51.100.${i}`)).statusCode).toBe(400);
    }
    const refused = await change(t, session.accessToken, PASSWORD, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: m.tooManyRequests, code: 'rate_limited' });
    clock.advance(MINUTE_MS);
    expect((await change(t, session.accessToken, PASSWORD, '198.51.100.9')).statusCode).toBe(200);
  });

  it('per client address: many accounts from one address share one budget', async () => {
    const tokens = [];
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      await registerVerified(t, email);
      tokens.push((await logIn(t, email)).accessToken);
    }
    const [one, two, three] = tokens as [string, string, string];
    clock.advance(MINUTE_MS);
    const statuses = [];
    for (const token of [one, one, two, two, three]) {
      statuses.push((await change(t, token, WRONG, '192.0.2.5')).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect((await change(t, three, WRONG, '192.0.2.6')).statusCode).toBe(400);
  });
});
