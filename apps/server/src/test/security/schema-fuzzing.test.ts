import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../../features/trading/trading-test-helpers';
import type { RouteEntry } from '../../platform/route-access';
import { expectLedgerConsistent } from '../expect-ledger';
import { createTestApp, type TestApp } from '../test-app';
import { type Callers, createCallers, httpApiRoutes } from './callers';
import { bodyArbitrary, hostileHeaders, paramsArbitrary } from './schema-arbitraries';

/**
 * Random and hostile requests, generated from each route's own zod schemas, sent to every route of
 * the route table by a caller the route lets in (funded, so money routes can really move money): no
 * answer is a 5xx, every 4xx carries the error envelope, and the books still balance afterwards.
 */
let t: TestApp;
let callers: Callers;

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_LIMIT_IP_PER_MINUTE: '100000', AUTH_MAIL_LIMIT_IP_PER_MINUTE: '100000' },
  });
  callers = await createCallers(t);
  for (const asset of ['USD', 'USDT', 'BTC', 'ETH'] as const) await fund(t, callers.userA, asset, '1000');
});
afterAll(async () => {
  await t?.close();
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

function callerFor(route: RouteEntry): Record<string, string> {
  if (route.access === 'admin') return callers.admin.headers;
  if (route.access === 'public') return {};
  return callers.userA.headers;
}

interface Outcome {
  readonly label: string;
  readonly status: number;
  readonly body: string;
  readonly contentType: string;
}

function problemWith(outcome: Outcome): string | undefined {
  if (outcome.status >= 500) return `${outcome.status}`;
  if (outcome.status < 400) return undefined;
  if (!outcome.contentType.includes('application/json')) return `${outcome.status} without a JSON envelope`;
  const body = JSON.parse(outcome.body) as Record<string, unknown>;
  if (body.status !== false || typeof body.message !== 'string' || typeof body.code !== 'string')
    return `${outcome.status} without the envelope`;
  return undefined;
}

describe('schema fuzzing', () => {
  it(`${RUNS} generated requests across every route: no 5xx, every 4xx an envelope, the ledger holds`, async () => {
    const routes = httpApiRoutes(t.routes);
    const statuses = new Map<number, number>();
    const request = fc.constantFrom(...routes).chain((route) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      return fc.record({
        route: fc.constant(route),
        params: paramsArbitrary(schema.params),
        query: paramsArbitrary(schema.querystring),
        body: bodyArbitrary(schema.body),
        headers: hostileHeaders,
        rawBody: fc.boolean(),
      });
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, params, query, body, headers, rawBody }) => {
        const path = route.url.replace(/:(\w+)/g, (_m, name: string) =>
          encodeURIComponent(params[name] || 'x'),
        );
        const search = new URLSearchParams(query).toString();
        const url = search ? `${path}?${search}` : path;
        const payload =
          route.method === 'GET' ? undefined : rawBody ? String(JSON.stringify(body)).slice(0, -1) : body;
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers: { ...headers, ...callerFor(route) },
          ...(payload === undefined ? {} : { payload: payload as string }),
        });
        const outcome = {
          label: `${route.method} ${url.slice(0, 200)}`,
          status: res.statusCode,
          body: res.body,
          contentType: String(res.headers['content-type'] ?? ''),
        };
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const problem = problemWith(outcome);
        if (problem) throw new Error(`${outcome.label}: ${problem}: ${res.body.slice(0, 300)}`);
      }),
      {
        numRuns: RUNS,
        endOnFailure: true,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
      },
    );
    // Not vacuous: a fair share of the generated requests got through validation to a use case.
    const passed = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
    expect(passed, JSON.stringify([...statuses])).toBeGreaterThan(RUNS / 20);
    await expectLedgerConsistent(t.ctx.db);
  }, 120_000);
});
