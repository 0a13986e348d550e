import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertEveryRouteDeclaresAccess,
  declareAccess,
  recordRoutes,
  undeclaredRoutes,
} from '../../platform/route-access';
import { createTestApp, type TestApp } from '../test-app';
import {
  type CallerName,
  type Callers,
  concreteUrl,
  createCallers,
  expectedGuardOutcome,
  httpApiRoutes,
} from './callers';

/**
 * Every API route, read from the running app's route table (so a new route is covered the day it
 * is registered), called as each kind of caller: the guard must answer exactly what the route's
 * declared access says, and a caller it lets through must never get a 5xx.
 */
let t: TestApp;
let callers: Callers;

beforeAll(async () => {
  t = await createTestApp();
  callers = await createCallers(t);
});
afterAll(async () => {
  await t?.close();
});

const CALLERS: readonly CallerName[] = [
  'anonymous',
  'userA',
  'userB',
  'unverified',
  'disabled',
  'expired',
  'admin',
];
const GUARD_CODES: Record<number, string[]> = { 401: ['unauthorized'], 403: ['kyc_required', 'forbidden'] };

describe('the route table', () => {
  it('declares an access level for every API route, and covers every scope', () => {
    expect(undeclaredRoutes(t.routes, '/api/v1')).toEqual([]);
    const routes = httpApiRoutes(t.routes);
    const levels = new Set(routes.map((route) => route.access));
    expect([...levels].sort()).toEqual(['admin', 'kyc', 'public', 'user']);
    // Spot checks that the table is the real one: a route of each scope sits where app.ts put it.
    const accessOf = (method: string, url: string) =>
      routes.find((route) => route.method === method && route.url === url)?.access;
    expect(accessOf('POST', '/api/v1/auth/login')).toBe('public');
    expect(accessOf('GET', '/api/v1/wallet')).toBe('user');
    expect(accessOf('POST', '/api/v1/p2p/transfer')).toBe('kyc');
    expect(accessOf('POST', '/api/v1/admin/verify-kyc')).toBe('admin');
  });

  it('refuses to build an app with a route registered outside every access scope', async () => {
    const guards = t.ctx.guards;
    const rogue = Fastify();
    const table = recordRoutes(rogue);
    await rogue.register(
      async (api) => {
        await api.register(async (scope) => {
          declareAccess(scope, 'user', guards);
          scope.get('/declared', async () => ({}));
        });
        api.get('/forgotten', async () => ({}));
      },
      { prefix: '/api/v1' },
    );
    await rogue.ready();
    expect(undeclaredRoutes(table, '/api/v1').map((route) => `${route.method} ${route.url}`)).toEqual([
      'GET /api/v1/forgotten',
      'HEAD /api/v1/forgotten',
    ]);
    // buildApp runs this check after registering its scopes, so such an app never starts.
    expect(() => assertEveryRouteDeclaresAccess(table, '/api/v1')).toThrow(/GET \/api\/v1\/forgotten/);
    await rogue.close();
  });

  it('refuses a route whose own declaration disagrees with its scope', async () => {
    const rogue = Fastify();
    await expect(
      rogue.register(async (scope) => {
        declareAccess(scope, 'public', t.ctx.guards);
        scope.get('/admin-thing', { config: { access: 'admin' } }, async () => ({}));
      }),
    ).rejects.toThrow(/declares admin access in a public scope/);
    await rogue.close();
  });
});

describe('the authorisation matrix', () => {
  it('answers every caller on every route as its declared access says', async () => {
    const failures: string[] = [];
    for (const route of httpApiRoutes(t.routes)) {
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: concreteUrl(route.url),
          headers: callers.headers[caller],
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const expected = expectedGuardOutcome(route.access, caller);
        const code = String(res.headers['content-type'] ?? '').includes('json') ? res.json().code : undefined;
        const label = `${route.method} ${route.url} as ${caller} (${route.access})`;
        if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body}`);
        else if (expected === 'through') {
          if (GUARD_CODES[res.statusCode]?.includes(code))
            failures.push(`${label}: stopped by the guard with ${res.statusCode} ${code}`);
        } else if (res.statusCode !== expected || !GUARD_CODES[expected]?.includes(code)) {
          failures.push(`${label}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else {
          expect(res.json()).toMatchObject({ status: false, message: expect.any(String) });
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives an admin route a plain user 403 even with a forged role claim in a valid-looking token', async () => {
    // The role comes from the database on each request, not from the token.
    const forged = await t.ctx.tokens.signAccessToken({
      userId: callers.userA.id,
      role: 'ADMIN',
      sessionId: callers.userA.sessionId,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/ledger/verify',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});
