import { messages as m } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  mailsTo,
  PASSWORD,
  post,
  registerVerified,
  signupBody,
  waitForCodeRequests,
} from './auth-test-helpers';

const LOW_LIMITS = {
  AUTH_LIMIT_IP_PER_MINUTE: '4',
  AUTH_LIMIT_ACCOUNT_PER_MINUTE: '3',
  AUTH_MAIL_LIMIT_IP_PER_MINUTE: '4',
  AUTH_MAIL_LIMIT_ACCOUNT_PER_MINUTE: '2',
};
const limited = { status: false, message: m.tooManyRequests, code: 'rate_limited' };

/** A different client address on every call, as a forging client (or many real clients) would send. */
let nextAddress = 1;
function forwardedFor(): Record<string, string> {
  nextAddress += 1;
  return { 'x-forwarded-for': `203.0.113.${nextAddress % 250}` };
}

describe('rate limits without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: LOW_LIMITS });
  });
  afterAll(async () => t.close());

  it('stops a client guessing passwords for many accounts, however it forges X-Forwarded-For', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await post(
        t,
        '/auth/login',
        { email: `target-${i}@example.com`, password: PASSWORD },
        forwardedFor(),
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual(limited);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('stops sign-ups from one client once its mail budget is spent, and the refused one writes nothing', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await post(t, '/auth/signup', signupBody(`bulk-${i}@example.com`), forwardedFor())).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(await mailsTo(t, 'bulk-4@example.com')).toHaveLength(0);
  });

  it('stops a client sending many code checks', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await post(
        t,
        '/otp/verify',
        { email: `code-${i}@example.com`, otp: '123456', type: 'EMAIL_VERIFY' },
        forwardedFor(),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });
});

describe('rate limits behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Injected requests come from 127.0.0.1, which is then the trusted proxy.
    t = await createTestApp({ env: { ...LOW_LIMITS, TRUST_PROXY: '127.0.0.1' } });
    await registerVerified(t, 'popular@example.com');
  });
  afterAll(async () => t.close());

  it('counts each forwarded client address on its own', async () => {
    for (let i = 0; i < 6; i += 1) {
      const res = await post(
        t,
        '/auth/login',
        { email: `spread-${i}@example.com`, password: PASSWORD },
        forwardedFor(),
      );
      expect(res.statusCode).toBe(401);
    }
  });

  it('stops password guesses against one account from many addresses, whatever the e-mail case', async () => {
    const statuses = [];
    for (const email of [
      'popular@example.com',
      'POPULAR@example.com',
      ' Popular@Example.com',
      'popular@EXAMPLE.COM',
    ]) {
      statuses.push(
        (await post(t, '/auth/login', { email, password: 'Wrong#Guess1' }, forwardedFor())).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The right password is refused too until the minute is over: the budget is the account's.
    const right = await post(
      t,
      '/auth/login',
      { email: 'popular@example.com', password: PASSWORD },
      forwardedFor(),
    );
    expect(right.json()).toEqual(limited);
  });

  it('stops code guesses against one e-mail from many addresses, whether or not it has an account', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await post(
        t,
        '/otp/verify',
        { email: 'quiet@example.com', otp: '123456', type: 'PASSWORD_RESET' },
        forwardedFor(),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('stops mail bombing one inbox with reset requests from many addresses', async () => {
    const handledBefore = (await waitForCodeRequests(t, 0)).length;
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await post(t, '/auth/password/forget', { email: 'popular@example.com' }, forwardedFor())).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    await waitForCodeRequests(t, handledBefore + 2);
    // The sign-up code plus two reset codes.
    expect(await mailsTo(t, 'popular@example.com')).toHaveLength(3);
  });
});

describe('rate limit defaults', () => {
  it('protect when nothing is configured', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).authRateLimits).toEqual({
      ipPerMinute: 30,
      accountPerMinute: 10,
      mailIpPerMinute: 10,
      mailAccountPerMinute: 3,
    });
  });
});
