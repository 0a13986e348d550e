import { messages as m } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { rateLimitCounters } from '../../db/schema';
import { createAppContext, type ZodApi } from '../../platform/app-context';
import { pruneCounters } from '../../platform/counters';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD } from './auth-test-helpers';

/**
 * Rate limits hold across server processes (the counters are in PostgreSQL, not in one process's
 * memory) and key an IPv6 client by its /64, so hopping addresses inside it buys no fresh budget.
 */

const LIMITS = {
  AUTH_LIMIT_IP_PER_MINUTE: '3',
  AUTH_LIMIT_ACCOUNT_PER_MINUTE: '1000',
  TRUST_PROXY: '127.0.0.1',
};

async function login(app: ZodApi, forwardedFor: string, email = 'nobody@example.com') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password: PASSWORD },
  });
}

describe('shared rate limits', () => {
  let t: TestApp;
  let second: ZodApi;
  beforeAll(async () => {
    t = await createTestApp({ env: LIMITS });
    // A second server process on the same database.
    second = (await buildApp(createAppContext(t.ctx))).app;
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('counts one address across two processes', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const app = i % 2 === 0 ? t.app : second;
      statuses.push((await login(app, '198.51.100.9')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(second, '198.51.100.9')).json()).toMatchObject({ message: m.tooManyRequests });
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 on its own', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await login(t.app, `2001:db8:7:7::${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(t.app, '2001:db8:7:8::1')).statusCode).toBe(401);
  });

  it('keeps counters in PostgreSQL, and pruning drops only ended windows', async () => {
    const before = await t.ctx.db.select().from(rateLimitCounters);
    expect(before.length).toBeGreaterThan(0);
    expect(await pruneCounters(t.ctx.db, new Date())).toBe(0);
    expect(await pruneCounters(t.ctx.db, new Date(Date.now() + 61_000))).toBe(before.length);
    // The window is gone, so the address may try again.
    expect((await login(t.app, '198.51.100.9')).statusCode).toBe(401);
  });
});
