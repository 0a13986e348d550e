import { NETTED_HOLDS_KIND } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../features/ledger/verify-ledger';
import { PRODUCT_HOLD_SOURCES } from '../../hold-sources';
import { connect } from '../../platform/db';
import { freePort } from '../../platform/free-port';
import {
  type ChaosPostgres,
  expectAnswersUnavailable,
  expectRecovered,
  startChaosPostgres,
} from './chaos-postgres';
import { chaosWithdrawals } from './chaos-withdrawals';
import { type ServerProcess, startServer, stopServer } from './server-process';

/**
 * Two real server processes on one database under a mixed load (limit and instant orders, swaps,
 * P2P transfers, sandbox deposits, USD withdrawals requested, confirmed and approved), one of them killed at random moments (SIGKILL, and SIGTERM with
 * requests in flight) and restarted; once, after the first kill and stop, PostgreSQL itself is stopped
 * under the running servers (they answer 503 and stay up) and started again (the same processes
 * answer again and hear notifications again). After every restart the ledger check passes; at the end
 * every acknowledged action is in the database. Bounded by CHAOS_SECONDS (default 120) plus start-ups
 * and the PostgreSQL restart.
 */
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 120);
const WORKERS = 4;

let database: ChaosPostgres | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await stopServer(server, 'SIGKILL');
  await database?.stop();
});

type Kind = 'ORDER_HOLD' | 'INSTANT_BUY' | 'SWAP' | 'P2P_TRANSFER' | 'DEPOSIT';

/** A PostgreSQL array literal of plain ids (uuids, provider order ids), sent as one parameter. */
const pgArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  // Only 200 answers are read, and theirs carry data.order (orders and deposit orders).
  return { status: res.status, json: (await res.json()) as { data: { order: Record<string, string> } } };
}

async function ledgerBreaches(url: string) {
  const checker = connect(url, { max: 1 });
  try {
    return (await verifyLedger(checker.db, { holdSources: PRODUCT_HOLD_SOURCES })).breaches;
  } finally {
    await checker.close();
  }
}

describe('chaos', () => {
  it(
    'acknowledged actions survive kills of either process, and the books balance after each restart',
    async () => {
      database = await startChaosPostgres();
      const ports = [await freePort(), await freePort()];
      servers.push(await startServer(database.url, ports[0]!));
      servers.push(await startServer(database.url, ports[1]!));
      const login = await fetch(`${servers[0]!.base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'alice@example.com', password: 'Alice@123456' }),
      });
      const alice = (await login.json()) as { token: string; data: { _id: string } };
      const token = alice.token;
      const adminLogin = await fetch(`${servers[0]!.base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin@123456' }),
      });
      const adminToken = ((await adminLogin.json()) as { token: string }).token;
      // Reads the mailed withdrawal codes; its pool reconnects after the PostgreSQL restart.
      const mailbox = connect(database.url, { max: 1 });
      const withdrawalLoad = await chaosWithdrawals(
        servers[0]!.base,
        { email: 'alice@example.com', token },
        adminToken,
        call,
        mailbox.db,
      );

      const acknowledged: Record<Kind, number> = {
        ORDER_HOLD: 0,
        INSTANT_BUY: 0,
        SWAP: 0,
        P2P_TRANSFER: 0,
        DEPOSIT: 0,
      };
      const ackOrders: string[] = [];
      const ackDeposits: string[] = [];
      const down = new Set<number>();
      let running = true;

      const actions: Record<Kind, (base: string) => Promise<void>> = {
        async ORDER_HOLD(base) {
          const res = await call(base, token, 'POST', '/wallet/limitorder/limitInstant/buy', {
            market_id: 'XRP-USDT',
            crypto_currency_code: 'XRP',
            fiat_currency_code: 'USDT',
            quantity: '10',
            type: 'limit',
            limitPrice: '0.1',
            side: 'buy',
          });
          if (res.status === 200) {
            acknowledged.ORDER_HOLD += 1;
            ackOrders.push(res.json.data.order.id!);
          }
        },
        async INSTANT_BUY(base) {
          const res = await call(base, token, 'POST', '/wallet/limitorder/limitInstant/buy', {
            market_id: 'BTC-USDT',
            crypto_currency_code: 'BTC',
            fiat_currency_code: 'USD',
            quantity: '0.0001',
            type: 'instant',
            limitPrice: '',
            side: 'buy',
          });
          if (res.status === 200) acknowledged.INSTANT_BUY += 1;
        },
        async SWAP(base) {
          const res = await call(base, token, 'POST', '/swap', {
            from_crypto_currency_code: 'ETH',
            to_crypto_currency_code: 'BTC',
            from_amount: '0.001',
          });
          if (res.status === 200) acknowledged.SWAP += 1;
        },
        async P2P_TRANSFER(base) {
          const res = await call(base, token, 'POST', '/p2p/transfer', {
            to_email: 'carol@example.com',
            amount: '0.001',
            from_crypto_currency_code: 'ETH',
          });
          if (res.status === 200) acknowledged.P2P_TRANSFER += 1;
        },
        async DEPOSIT(base) {
          const created = await call(base, token, 'POST', '/wallet/deposits/orders', { amount: '10' });
          if (created.status !== 200) return;
          const orderId = created.json.data.order.order_id!;
          const approved = await call(base, token, 'POST', `/wallet/deposits/sandbox/${orderId}/approve`);
          if (approved.status !== 200) return;
          const confirmed = await call(base, token, 'POST', '/wallet/fiat/add/usd/amount', {
            amount: '10',
            order_id: orderId,
          });
          if (confirmed.status === 200) {
            acknowledged.DEPOSIT += 1;
            ackDeposits.push(orderId);
          }
        },
      };
      const kinds = Object.keys(actions) as Kind[];

      const worker = async () => {
        while (running) {
          const live = servers.map((_, i) => i).filter((i) => !down.has(i));
          if (live.length === 0) {
            await sleep(50);
            continue;
          }
          const server = servers[pick(live)]!;
          try {
            const choice = pick([...kinds, 'WITHDRAWAL' as const]);
            await (choice === 'WITHDRAWAL' ? withdrawalLoad.act(server.base) : actions[choice](server.base));
          } catch {
            // A refused or cut connection: not acknowledged, so nothing is owed.
          }
        }
      };
      const load = Array.from({ length: WORKERS }, worker);

      const deadline = Date.now() + SECONDS * 1000;
      let round = 0;
      const restarts: string[] = [];
      let postgresRestarted = false;
      const timings: Record<string, number> = { startedAt: Date.now() };
      while (Date.now() < deadline || !postgresRestarted) {
        await sleep(2_000 + Math.random() * 6_000);
        if (!postgresRestarted && round >= 2) {
          // PostgreSQL goes away under both servers and the load, for a few seconds.
          await database.restart(async () => {
            await expectAnswersUnavailable(servers, token);
            await sleep(3_000);
          });
          const backAt = new Date();
          await expectRecovered(servers, token, backAt);
          postgresRestarted = true;
          restarts.push('POSTGRES');
          timings.postgresRecoveryMs = Date.now() - backAt.getTime();
          expect(await ledgerBreaches(database.url), 'after the PostgreSQL restart').toEqual([]);
          continue;
        }
        const victim = Math.floor(Math.random() * servers.length);
        // The second round, and every third after it, is a graceful stop with requests in flight;
        // the others a kill -9.
        const signal: NodeJS.Signals = round % 3 === 1 ? 'SIGTERM' : 'SIGKILL';
        round += 1;
        down.add(victim);
        await stopServer(servers[victim]!, signal);
        const startAt = Date.now();
        servers[victim] = await startServer(database.url, ports[victim]!);
        timings.slowestStartMs = Math.max(timings.slowestStartMs ?? 0, Date.now() - startAt);
        down.delete(victim);
        restarts.push(`${signal} ${victim}`);
        expect(await ledgerBreaches(database.url), `after ${signal} of process ${victim}`).toEqual([]);
      }
      running = false;
      await Promise.all(load);
      await mailbox.close();

      expect(await ledgerBreaches(database.url)).toEqual([]);
      const checker = connect(database.url, { max: 1 });
      try {
        const rows = await checker.db.execute<{ kind: string; n: number }>(
          sql`SELECT kind, count(*)::int AS n FROM journal_entries WHERE user_id = ${alice.data._id} GROUP BY kind
              UNION ALL
              -- An order's hold is a part of its round's netted entry (netHolds), named in its memo.
              SELECT 'ORDER_HOLD', count(*)::int FROM journal_entries e, jsonb_array_elements_text(e.memo->'parts') part
               WHERE e.user_id = ${alice.data._id} AND e.kind = ${NETTED_HOLDS_KIND} AND part LIKE 'order-hold:%'`,
        );
        const posted: Record<string, number> = {};
        for (const row of rows.rows) posted[row.kind] = (posted[row.kind] ?? 0) + row.n;
        for (const kind of kinds) expect(posted[kind] ?? 0, kind).toBeGreaterThanOrEqual(acknowledged[kind]);
        if (ackOrders.length > 0) {
          const found = await checker.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM orders WHERE id = ANY(${pgArray(ackOrders)}::uuid[])`,
          );
          expect(found.rows[0]!.n).toBe(new Set(ackOrders).size);
        }
        if (ackDeposits.length > 0) {
          const credited = await checker.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM payment_orders
              WHERE status = 'CREDITED' AND provider_order_id = ANY(${pgArray(ackDeposits)}::text[])`,
          );
          expect(credited.rows[0]!.n).toBe(ackDeposits.length);
        }
        await withdrawalLoad.verify(checker.db);
      } finally {
        await checker.close();
      }
      const total = Object.values(acknowledged).reduce((sum, n) => sum + n, 0);
      expect(total, JSON.stringify({ acknowledged, restarts })).toBeGreaterThan(20);
      expect(restarts, 'one kill -9, one graceful stop and the PostgreSQL restart at least').toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^SIGKILL/),
          expect.stringMatching(/^SIGTERM/),
          'POSTGRES',
        ]),
      );
      timings.loopMs = Date.now() - timings.startedAt!;
      delete timings.startedAt;
      const withdrawn = Object.fromEntries(
        Object.entries(withdrawalLoad.acknowledged).map(([step, ids]) => [step, ids.length]),
      );
      process.stdout.write(`chaos: ${JSON.stringify({ acknowledged, withdrawn, restarts, timings })}\n`);
    },
    (SECONDS + 240) * 1000,
  );
});
