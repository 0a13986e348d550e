import { HOUSE_LEVELS } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createAppContext } from '../../platform/app-context';
import { fixedPrices } from '../../platform/prices';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, TEST_PRICES, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { connectTestSocket } from '../../test/ws-client';
import { HOUSE_LIQUIDITY_JOB } from '../trading/trading-runtime';
import { fund, limitOrder, place } from '../trading/trading-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('liveness and readiness', () => {
  it('is live and ready with a migrated database and fresh prices', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: true,
      message: 'ready',
      checks: { database: 'ok', migrations: 'ok', prices: 'ok', shutdown: 'ok' },
    });
  });

  it('is not ready while prices are stale or a migration is missing', async () => {
    const old = new Date(Date.now() - 3_600_000);
    const stale = await buildApp(createAppContext({ ...t.ctx, prices: fixedPrices(TEST_PRICES, () => old) }));
    try {
      const res = await stale.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.prices).toMatch(/^no fresh price for USDT, BTC/);
    } finally {
      await stale.app.close();
    }
    await t.ctx.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_kept`);
    await t.ctx.db.execute(
      sql`create table drizzle.__drizzle_migrations as select * from drizzle.__drizzle_migrations_kept limit 1`,
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.migrations).toMatch(/^1 of \d+ migrations applied$/);
    } finally {
      await t.ctx.db.execute(sql`drop table drizzle.__drizzle_migrations`);
      await t.ctx.db.execute(
        sql`alter table drizzle.__drizzle_migrations_kept rename to __drizzle_migrations`,
      );
    }
  });

  it("names an unreachable database without the driver's error text", async () => {
    // The database refuses every query readiness sends, with the kind of text a driver gives.
    const refusal = new Error('connect ECONNREFUSED db-host:5432 role "secret_role"');
    const failing = new Proxy(t.ctx.db, {
      get: (target, prop, receiver) =>
        prop === 'execute' ? async () => Promise.reject(refusal) : Reflect.get(target, prop, receiver),
    });
    const down = await buildApp(createAppContext({ ...t.ctx, database: { ...t.database, db: failing } }));
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toMatchObject({ database: 'unreachable', migrations: 'unknown' });
      expect(res.body).not.toMatch(/ECONNREFUSED|db-host|secret_role/);
    } finally {
      await down.app.close();
    }
  });

  it('on shutdown answers every request already received, then closes sockets with a reconnect hint', async () => {
    const other = await buildApp(createAppContext({ ...t.ctx }));
    let received = 0;
    other.app.addHook('onRequest', async () => {
      received += 1;
    });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { socket } = await connectTestSocket(`${base.replace('http', 'ws')}/api/v1/ws`);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', '1000');
    const orders = Array.from({ length: 20 }, (_, i) =>
      fetch(`${base}/api/v1/wallet/limitorder/limitInstant/buy`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify(limitOrder('buy', `${1 + i}`, '1.00', 'XRP-USDT')),
      }).then((res) => res.status),
    );
    while (received < 20) await new Promise((resolve) => setTimeout(resolve, 2));
    await other.shutdown();
    expect(await Promise.all(orders)).toEqual(Array(20).fill(200));
    expect(await closed).toBe(1012);

    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('metrics', () => {
  it('exposes request latency by route, orders, fills, sockets, prices, ledger and job leadership', async () => {
    const maker = await createTestUser(t, { kyc: true });
    const taker = await createTestUser(t, { kyc: true });
    await fund(t, maker, 'DOT', '5');
    await fund(t, taker, 'USDT', '100');
    const roundFigures = async () => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const value = (name: string) => Number(body.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? 'NaN');
      return {
        rounds: value('exchange_match_round_write_seconds_count'),
        commands: value('exchange_match_round_commands_sum'),
        writeSeconds: value('exchange_match_round_write_seconds_sum'),
      };
    };
    const before = await roundFigures();
    expect((await place(t, maker, limitOrder('sell', '1', '7.00', 'DOT-USDT'))).statusCode).toBe(200);
    expect((await place(t, taker, limitOrder('buy', '1', '7.00', 'DOT-USDT'))).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /exchange_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/wallet\/limitorder\/limitInstant\/:side",status="200"\} 2/,
    );
    expect(text).toMatch(/exchange_fills_total\{market="DOT-USDT"\} 1/);
    expect(text).toMatch(/exchange_order_updates_total\{market="DOT-USDT",status="filled"\} 2/);
    expect(text).toMatch(/exchange_match_batch_orders_count\{market="DOT-USDT"\} 2/);
    // Each place was its own round (the second was sent after the first was answered).
    const after = await roundFigures();
    expect(after.rounds - before.rounds).toBe(2);
    expect(after.commands - before.commands).toBe(2);
    expect(after.writeSeconds).toBeGreaterThan(before.writeSeconds);
    expect(text).toMatch(/exchange_websocket_connections 0/);
    expect(text).toMatch(/exchange_price_age_seconds\{asset="BTC"\} \d/);
    // The app's first tick of every job ran on start: this (only) process leads them all.
    expect(text).toMatch(/exchange_ledger_consistent 1/);
    expect(text).toMatch(/exchange_job_leader\{job="ledger-check"\} 1/);
    expect(text).toMatch(/exchange_job_leader\{job="stake-redemption"\} 1/);
  });

  it('answers 404 at /metrics and /api/docs when they are off, as production has them without a token', async () => {
    const closed = await createTestApp({ env: { METRICS_PUBLIC: 'off', API_DOCS: 'off' } });
    try {
      expect((await closed.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await closed.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      const wrong = await closed.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(wrong.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await createTestApp({ env: { METRICS_TOKEN: 'a-scrape-token-of-16+' } });
    try {
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const ok = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer a-scrape-token-of-16+' },
      });
      expect(ok.statusCode).toBe(200);
      const nearly = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer a-scrape-token-of-16-' },
      });
      expect(nearly.statusCode).toBe(401);
    } finally {
      await guarded.close();
    }
  });
});

describe('house liquidity as a scheduled job', () => {
  it('runs in exactly one of two apps on one database, and the other takes over when it stops', async () => {
    const env = { HOUSE_LIQUIDITY: 'on', HOUSE_LIQUIDITY_INTERVAL_MS: '60000' };
    const first = await createTestApp({ env });
    const second = await buildApp(createAppContext({ ...first.ctx }));
    await second.app.ready();
    try {
      // The jobs' first runs go on while the port opens, so the leader and its ladder come shortly
      // after ready: wait for them rather than assume them.
      await vi.waitFor(
        async () => {
          const leaders = await Promise.all([
            (await first.app.inject({ method: 'GET', url: '/metrics' })).body,
            (await second.app.inject({ method: 'GET', url: '/metrics' })).body,
          ]);
          const leading = leaders.filter((text) =>
            text.includes(`exchange_job_leader{job="${HOUSE_LIQUIDITY_JOB}"} 1`),
          );
          expect(leading).toHaveLength(1);
          const depth = await first.app.inject({ method: 'GET', url: '/api/v1/market/depth/BTC-USDT' });
          expect(depth.json().data.bids[0]?.price).toBe('59880.0');
        },
        { timeout: 30_000, interval: 200 },
      );
      await first.app.close();
      // The survivor's next tick claims the freed lock and finds the quotes already right: still one
      // ladder (HOUSE_LEVELS bids and as many asks) per market, never two sets.
      expect(await second.scheduler.runOnce(HOUSE_LIQUIDITY_JOB)).toBe(true);
      const open = await first.ctx.db.execute<{ market_id: string; n: string }>(
        sql`select o.market_id, count(*)::text as n from orders o join users u on u.id = o.user_id
            where u.kind = 'SYSTEM' and o.status = 'open' group by o.market_id`,
      );
      expect(open.rows.length).toBeGreaterThan(0);
      for (const row of open.rows) expect(row.n, row.market_id).toBe(String(2 * HOUSE_LEVELS));
    } finally {
      await second.app.close();
      await first.app.close();
      await first.database.close();
    }
  });
});
