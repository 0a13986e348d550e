/**
 * End-to-end benchmark: `npm run bench:http` (add `-- --no-docs` to skip writing docs).
 *
 * Starts the real server (main.ts, embedded PostgreSQL with fsync and synchronous commit on) in a
 * fresh data directory on ports 4350 (HTTP) and 4351 (PostgreSQL), prepares funded KYC users straight
 * in its database, then drives it over HTTP with autocannon:
 *  - order placement: crossing limit orders on one market, and resting limit orders each followed by
 *    its cancel across four markets, one user per connection;
 *  - read paths: GET /wallet, GET /p2p/getTopTenMarket, order history and wallet transactions of a
 *    user with 10,000 of each;
 *  - cold start: the server restarted on its existing data directory as `npm start` runs it (build
 *    stamps checked, nothing to rebuild, the bundled server), spawn to the first answered page ('/').
 * Figures go to the "End to end" section of docs/performance.md. `-- --orders-only`, `--instant-only`
 * and `--reads-only` run one group of loads (no docs); BENCH_PG_STATEMENTS=on prints PostgreSQL's
 * top statements after each load (pg_stat_statements in the embedded cluster, statements inside the
 * write functions included); BENCH_CONNECTIONS (default 32) sets the clients of the order loads;
 * BENCH_READS=<text> runs only the read loads whose name contains it (with --reads-only, for profiling);
 * BENCH_WARMUP (default 3) is the seconds of each order load run before it is measured;
 * BENCH_TIMELINE=on prints each load's answers, p50 and p99 second by second.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../apps/server/src/features/ledger/verify-ledger';
import { PRODUCT_HOLD_SOURCES } from '../apps/server/src/hold-sources';
import { connect } from '../apps/server/src/platform/db';
import { embeddedDatabaseUrl } from '../apps/server/src/platform/embedded-postgres';
import { addHistory } from '../apps/server/src/test/history-rows';
import { type Figure, figure, fmt, percentile, table } from './figures';
import {
  type BenchUser,
  buildForStart,
  createFundedUsers,
  machine,
  startServer,
  statementStats,
  writeDocsSection,
} from './support';

// BENCH_PORT moves both ports (HTTP and PostgreSQL) when several people bench on one machine.
const PORT = Number(process.env.BENCH_PORT ?? 4350);
const PG_PORT = PORT + 1;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ORDER_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
// BENCH_WARMUP=0 measures the order loads from their first request, as before 2026-11-25.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const READ_SECONDS = Math.max(5, Math.round(ORDER_SECONDS / 2));
const HISTORY_ROWS = 10_000;
const base = `http://127.0.0.1:${PORT}/api/v1`;

type Context = { user?: BenchUser; market?: string; orderId?: string; index?: number };

/** What PostgreSQL spent its time on during each load (BENCH_PG_STATEMENTS=on); set by main. */
let statements: ReturnType<typeof statementStats> | undefined;

/** One autocannon load; with BENCH_PG_STATEMENTS=on, PostgreSQL's top statements during it are printed. */
async function load(label: string, options: autocannon.Options): Promise<autocannon.Result> {
  await statements?.reset();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    if (process.env.BENCH_TIMELINE === 'on') printTimeline(label, instance);
  });
  await statements?.print(label, result['2xx']);
  return result;
}

/** BENCH_TIMELINE=on: each second's answers, p50 and p99 (where in the run its tail comes from). */
function printTimeline(label: string, run: autocannon.Instance): void {
  const started = Date.now();
  const seconds: number[][] = [];
  run.on('response', (_client, _status, _bytes, ms) => {
    const second = Math.floor((Date.now() - started) / 1000);
    const times = seconds[second] ?? [];
    times.push(ms);
    seconds[second] = times;
  });
  run.on('done', () => {
    console.log(`${label}, second by second:`);
    seconds.forEach((times, second) => {
      const sorted = [...times].sort((a, b) => a - b);
      const at = (p: number) => percentile(sorted, p).toFixed(1);
      console.log(
        `  ${second}s ${sorted.length} answers  p50 ${at(50)} ms  p99 ${at(99)} ms  max ${at(100)} ms`,
      );
    });
  });
}

/**
 * An order load, measured after WARMUP_SECONDS of the same load (printed, not counted). The loads run
 * on freshly started servers, and each one's first two or three seconds (the JIT compiling the request's
 * path, PostgreSQL's backends planning the write functions' statements, tables growing from empty)
 * answered at two to three times the latency of the rest, and raised a 10 s run's p99 and above all
 * its p99.9 (instant trades, alternated runs: p99 34-50 -> 33-38 ms, p99.9 77-127 -> 42-85 ms).
 */
async function run(label: string, options: autocannon.Options): Promise<autocannon.Result> {
  const measured = { connections: CONNECTIONS, duration: ORDER_SECONDS, ...options };
  if (WARMUP_SECONDS > 0) {
    const warm = await autocannon({ ...measured, duration: WARMUP_SECONDS });
    report([figure(`${label} (warm-up, not counted)`, '', warm)]);
  }
  return load(label, measured);
}

/** Hands each connection the next user (and market), the first time it sends. */
function assigner(users: readonly BenchUser[], markets: readonly string[]) {
  let next = 0;
  return (context: Context) => {
    if (context.user) return;
    const index = next;
    next += 1;
    context.index = index;
    context.user = users[index % users.length];
    context.market = markets[index % markets.length];
  };
}

const MARKETS: Record<string, { base: string; quantity: string; restingPrice: string }> = {
  'XRP-USDT': { base: 'XRP', quantity: '10', restingPrice: '0.2' },
  'BTC-USDT': { base: 'BTC', quantity: '0.0001', restingPrice: '20000' },
  'ETH-USDT': { base: 'ETH', quantity: '0.01', restingPrice: '200' },
  'DOT-USDT': { base: 'DOT', quantity: '1', restingPrice: '2' },
};

function orderBody(market: string, side: 'buy' | 'sell', price: string): string {
  const m = MARKETS[market]!;
  return JSON.stringify({
    market_id: market,
    crypto_currency_code: m.base,
    fiat_currency_code: 'USDT',
    quantity: m.quantity,
    type: 'limit',
    limitPrice: price,
    side,
  });
}

async function orderBenches(usersA: BenchUser[], usersB: BenchUser[]): Promise<Figure[]> {
  const figures: Figure[] = [];
  // One market, every connection a different user; even ones buy, odd ones sell, at one price: about
  // half the orders rest and half fill against them, so the book stays shallow and holds move.
  const assignA = assigner(usersA, ['XRP-USDT']);
  const crossing = await run('crossing limit orders', {
    url: base,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context: Context) => {
          assignA(context);
          const side = (context.index ?? 0) % 2 === 0 ? 'buy' : 'sell';
          return {
            ...req,
            path: `/api/v1/wallet/limitorder/limitInstant/${side}`,
            headers: { 'content-type': 'application/json', authorization: context.user!.authorization },
            body: orderBody('XRP-USDT', side, '0.5'),
          };
        },
      },
    ],
  });
  figures.push(
    figure(
      `crossing limit orders, 1 market, ${CONNECTIONS} users`,
      'POST /wallet/limitorder/limitInstant/:side',
      crossing,
    ),
  );

  // Four markets; each connection places a resting buy, then cancels it by the id the answer names.
  const assignB = assigner(usersB, Object.keys(MARKETS));
  const placeCancel = await run('limit order + cancel', {
    url: base,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context: Context) => {
          assignB(context);
          return {
            ...req,
            path: '/api/v1/wallet/limitorder/limitInstant/buy',
            headers: { 'content-type': 'application/json', authorization: context.user!.authorization },
            body: orderBody(context.market!, 'buy', MARKETS[context.market!]!.restingPrice),
          };
        },
        onResponse: (status, body, context: Context) => {
          context.orderId =
            status === 200 ? (JSON.parse(body) as { data: { order: { id: string } } }).data.order.id : '';
        },
      },
      {
        method: 'GET',
        setupRequest: (req, context: Context) => ({
          ...req,
          path: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=${context.market}&order_id=${context.orderId}`,
          headers: { authorization: context.user!.authorization },
        }),
      },
    ],
  });
  figures.push(
    figure(
      `limit order + cancel, 4 markets, ${CONNECTIONS} users`,
      'POST limitInstant/buy then GET cancle-open-order',
      placeCancel,
    ),
  );
  return figures;
}

/**
 * Instant trades against the house: every connection a different user, even ones buying and odd ones
 * selling BTC for USD at the current price (a fresh quote issued and used in the same request). Every
 * trade debits and credits the house inventory and fee accounts, so this is the hot-row load.
 */
async function instantBench(users: BenchUser[], label: string): Promise<Figure> {
  const assign = assigner(users, ['BTC']);
  let refusal = '';
  const result = await run(`instant trades, ${label}`, {
    url: base,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context: Context) => {
          assign(context);
          const side = (context.index ?? 0) % 2 === 0 ? 'buy' : 'sell';
          return {
            ...req,
            path: `/api/v1/wallet/limitorder/limitInstant/${side}`,
            headers: { 'content-type': 'application/json', authorization: context.user!.authorization },
            body: JSON.stringify({
              crypto_currency_code: 'BTC',
              fiat_currency_code: 'USD',
              quantity: '0.0001',
              type: 'instant',
              side,
            }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200 && !refusal) refusal = `${status} ${body.slice(0, 200)}`;
        },
      },
    ],
  });
  if (refusal) console.log(`instant trades (${label}), first refusal: ${refusal}`);
  return figure(
    `instant trades, ${CONNECTIONS} users — ${label}`,
    'POST /wallet/limitorder/limitInstant/:side (instant)',
    result,
  );
}

async function readBenches(user: BenchUser, historyUser: BenchUser): Promise<Figure[]> {
  const paths: [string, string, BenchUser | null][] = [
    ['GET /wallet', '/api/v1/wallet', user],
    ['GET /p2p/getTopTenMarket', '/api/v1/p2p/getTopTenMarket', null],
    [
      `order history, newest 500 (${HISTORY_ROWS.toLocaleString('en-US')} orders)`,
      '/api/v1/wallet/limitorder/market/get-order-history',
      historyUser,
    ],
    [
      `order history page 50 of 10 (${HISTORY_ROWS.toLocaleString('en-US')} orders)`,
      '/api/v1/wallet/limitorder/market/get-order-history?page=50&limit=10',
      historyUser,
    ],
    [
      `wallet transactions page 1 (${HISTORY_ROWS.toLocaleString('en-US')} rows)`,
      '/api/v1/wallet/transactions?page=1&limit=10',
      historyUser,
    ],
  ];
  const figures: Figure[] = [];
  for (const [name, url, who] of paths.filter(([name]) => name.includes(process.env.BENCH_READS ?? ''))) {
    const result = await load(name, {
      url: `http://127.0.0.1:${PORT}${url}`,
      connections: 16,
      duration: READ_SECONDS,
      headers: who ? { authorization: who.authorization } : {},
    });
    figures.push(figure(name, `GET ${url.replace('/api/v1', '')}`, result));
  }
  return figures;
}

/**
 * The host's speed right now: a request that touches no database (`GET /health/live`), from as many
 * connections as the loads. This VM's host is shared and its speed moves by a third within an hour,
 * so each run prints this beside its figures, and runs are compared with it in mind.
 */
async function hostReference(when: string): Promise<Figure> {
  const name = `host reference ${when}: no database`;
  const result = await load(name, {
    url: `${base}/health/live`,
    connections: CONNECTIONS,
    duration: Math.min(5, ORDER_SECONDS),
  });
  const f = figure(name, 'GET /health/live', result);
  report([f]);
  return f;
}

function report(figures: readonly Figure[]): void {
  for (const f of figures)
    console.log(
      `${f.name.padEnd(50)} ${fmt(f.rps).padStart(7)} ok/s  p50 ${fmt(f.p50, 1)} ms  p99 ${fmt(f.p99, 1)} ms  p99.9 ${fmt(f.p999, 1)} ms  (${f.ok} ok, ${f.failed} failed)  load ${os.loadavg()[0]?.toFixed(2)}`,
    );
}

async function main(): Promise<void> {
  // --instant-only runs just the instant-trade loads (no cold start, limit orders or reads, no docs);
  // --orders-only just the group-committed order loads, --reads-only just the reads: for profiling.
  const instantOnly = process.argv.includes('--instant-only');
  const ordersOnly = process.argv.includes('--orders-only');
  const readsOnly = process.argv.includes('--reads-only');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-'));
  // As root, PostgreSQL runs as its own system user, which must be able to reach data/pg.
  chmodSync(dataDir, 0o755);
  const caption = machine();
  // The server makes up its own secret in the data directory unless given one; the bench signs its
  // users' tokens, so it hands the server the secret it signs with.
  const jwtSecret = `bench-${randomUUID()}-${randomUUID()}`;
  const statementsEnv: Record<string, string> =
    process.env.BENCH_PG_STATEMENTS === 'on' ? { EMBEDDED_PG_STATEMENT_STATS: 'on' } : {};
  const start = (env?: Record<string, string>, readyPath = '/api/v1/health') =>
    startServer({
      dataDir,
      port: PORT,
      pgPort: PG_PORT,
      readyPath,
      env: { JWT_SECRET: jwtSecret, ...statementsEnv, ...env },
    });
  // Build what `npm start` builds (only when sources changed) before any timed start.
  buildForStart();
  let server = await start();
  const firstStartMs = server.startMs;
  const database = connect(embeddedDatabaseUrl(PG_PORT), { max: 4 });
  statements = statementStats(database);
  try {
    console.log(`first start (initdb, migrations, seed): ${fmt(firstStartMs)} ms`);
    const funds = {
      USD: 10_000_000n,
      USDT: 10_000_000n,
      XRP: 10_000_000n,
      BTC: 100n,
      ETH: 1_000n,
      DOT: 100_000n,
    };
    const usersA = await createFundedUsers(database, CONNECTIONS, funds, jwtSecret);
    const usersB = await createFundedUsers(database, CONNECTIONS, funds, jwtSecret);
    const [historyUser] = await createFundedUsers(database, 1, { USDT: 1_000n }, jwtSecret);
    if (!instantOnly && !ordersOnly) await addHistory(database, historyUser!.id, HISTORY_ROWS);
    const referenceBefore = await hostReference('before');
    if (ordersOnly || readsOnly) {
      const figures = ordersOnly
        ? await orderBenches(usersA, usersB)
        : await readBenches(usersA[0]!, historyUser!);
      report(figures);
      const ledger = await verifyLedger(database.db, { holdSources: PRODUCT_HOLD_SOURCES });
      console.log(`ledger check after the run: ${ledger.breaches.length} breaches`);
      return;
    }

    // Instant trades twice on a restarted server: every house and fee posting on one account per
    // asset (LEDGER_HOT_SHARDS=1, as before the sub-accounts), then spread over the default count.
    const instant: Figure[] = [];
    for (const [shards, label] of [
      ['1', 'one house account per asset'],
      [undefined, 'house accounts spread'],
    ] as const) {
      await server.stop();
      server = await start(shards ? { LEDGER_HOT_SHARDS: shards } : undefined);
      const traders = await createFundedUsers(database, CONNECTIONS, funds, jwtSecret);
      instant.push(await instantBench(traders, label));
    }
    if (instantOnly) {
      report(instant);
      const ledger = await verifyLedger(database.db, { holdSources: PRODUCT_HOLD_SOURCES });
      console.log(`ledger check after the run: ${ledger.breaches.length} breaches`);
      return;
    }

    // Cold start: the same data directory, a new process; twice, the second with warm file caches.
    const coldStarts: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      await server.stop();
      // Timed to the first answered page, as a person waits for it.
      server = await start(undefined, '/');
      coldStarts.push(server.startMs);
      console.log(`cold start ${i + 1}: ${fmt(server.startMs)} ms`);
    }

    // The same order load twice: one transaction per command (MARKET_BATCH_MAX=1, as before group
    // commit), then with group commit on. Fresh users each time, so open orders never hit the cap.
    await server.stop();
    server = await start({ MARKET_BATCH_MAX: '1' });
    const single = (await orderBenches(usersA, usersB)).map((f) => ({
      ...f,
      name: `${f.name} — one commit per order`,
    }));
    await server.stop();
    server = await start();
    const usersC = await createFundedUsers(database, CONNECTIONS, funds, jwtSecret);
    const usersD = await createFundedUsers(database, CONNECTIONS, funds, jwtSecret);
    const grouped = (await orderBenches(usersC, usersD)).map((f) => ({
      ...f,
      name: `${f.name} — group commit`,
    }));
    const orders = [...single, ...grouped, ...instant];
    // The order loads wrote tens of thousands of rows in a minute; autovacuum would ANALYZE them within
    // the next minute, and the history pages are measured as they run once it has.
    await database.db.execute(sql`ANALYZE`);
    const reads = await readBenches(usersA[0]!, historyUser!);
    const referenceAfter = await hostReference('after');
    report([...orders, ...reads]);
    const ledger = await verifyLedger(database.db, { holdSources: PRODUCT_HOLD_SOURCES });
    console.log(`ledger check after the run: ${ledger.breaches.length} breaches`);

    if (!process.argv.includes('--no-docs')) {
      const date = new Date().toISOString().slice(0, 10);
      const file = writeDocsSection(
        'End to end',
        [
          `Run with \`BENCH_SECONDS=${ORDER_SECONDS} npm run bench:http\` on ${date}: ${caption}.`,
          '',
          'The real server (`apps/server/src/main.ts`) on embedded PostgreSQL with `fsync=on` and the default',
          '`synchronous_commit=on`, so every acknowledged order is on disk. autocannon runs in the same',
          `machine (it shares the two cores with the server and PostgreSQL). Orders: ${CONNECTIONS} connections`,
          `for ${ORDER_SECONDS} s after ${WARMUP_SECONDS} s of the same load that is not counted (the loads run on freshly`,
          'started servers), one user per connection, every order answered after its commit with the',
          `user's wallet. Each order load runs twice on a restarted server: with \`MARKET_BATCH_MAX=1\` (one`,
          'transaction and one WAL flush per order, as before group commit) and with group commit on (the',
          'default, up to 64 commands per transaction, written in one round trip). Instant trades',
          `(${CONNECTIONS} users, BTC for USD at the house, group-committed by the instant desk) run twice:`,
          'with `LEDGER_HOT_SHARDS=1` (one house inventory and fee account per asset) and with the default 64.',
          `Reads: 16 connections for ${READ_SECONDS} s each. ok/s counts 2xx answers only; failed counts`,
          'non-2xx answers, errors and 10 s timeouts. The host reference, before the loads and after them, is',
          "a request that reads no database: this VM's host is shared and its speed moves, so compare runs",
          'with it in mind.',
          '',
          table([referenceBefore, ...orders, ...reads, referenceAfter]),
          '',
          'Cold start (`node scripts/start.mjs`, what `npm start` runs, on an existing data directory with',
          'nothing to rebuild: it checks the build stamps, loads the bundled server, starts PostgreSQL,',
          `migrates and seeds; spawn to the first answered \`/\`): ${coldStarts.map((ms) => `${fmt(ms)} ms`).join(', then ')}.`,
          `The first start on an empty directory (initdb, migrations, demo seed) took ${fmt(firstStartMs)} ms.`,
          '',
          `Ledger check after the run: ${ledger.breaches.length} breaches. One-minute load average at the end:`,
          `${os.loadavg()[0]?.toFixed(2)} (other work shares the cores, so treat the figures as a floor).`,
        ].join('\n'),
      );
      console.log(`\nwrote the "End to end" section of ${file}`);
    }
  } finally {
    await database.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
