/**
 * Trading API benchmark: `npm run bench:api` (add `-- --no-docs` to skip writing docs).
 *
 * Starts the real server as bench:http does (main.ts, embedded PostgreSQL with fsync and synchronous
 * commit on) in a fresh data directory on ports 4360 (HTTP) and 4361 (PostgreSQL), prepares funded
 * KYC users straight in its database and one API key each through the Security page's API, then, in
 * the same run:
 *  - API order placement: BENCH_CONNECTIONS (32) keys, each signing Binance-style a resting LIMIT buy
 *    (POST /api/v3/order) and its cancel (DELETE /api/v3/order) over four markets;
 *  - one account's orders (a market maker, issue 48): the same place-and-cancel from ONE user through
 *    BENCH_ONE_ACCOUNT_KEYS (4) of its API keys over BENCH_ONE_ACCOUNT_CONNECTIONS (64) connections,
 *    with that key's weight budget raised for the run as a market maker's would be (docs/api.md);
 *  - the web path beside it: the same place-and-cancel through the web's routes with fresh users.
 * The address budget is raised for the run (every key sends from 127.0.0.1); each key stays inside
 * its own. Figures go to the "Trading API" section of docs/performance.md. BENCH_SECONDS (15) and
 * BENCH_WARMUP (3) as in bench:http; BENCH_ONE_ACCOUNT_ONLY=on runs the one account's load alone.
 * Each load also prints its matching rounds and the CPU the server and its PostgreSQL spent per answer
 * (bench/process-cpu.ts), which tells a slower machine from more work.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { verifyLedger } from '../apps/server/src/features/ledger/verify-ledger';
import { PRODUCT_HOLD_SOURCES } from '../apps/server/src/hold-sources';
import { connect } from '../apps/server/src/platform/db';
import { embeddedDatabaseUrl } from '../apps/server/src/platform/embedded-postgres';
import { createKey, type Key, signed } from './api-keys';
import { type Figure, figure, fmt, table } from './figures';
import { cpuDuring } from './process-cpu';
import { roundsDuring } from './round-metrics';
import {
  type BenchUser,
  buildForStart,
  createFundedUsers,
  machine,
  startServer,
  statementStats,
  writeDocsSection,
} from './support';

const PORT = Number(process.env.BENCH_API_PORT ?? 4360);
const PG_PORT = PORT + 1;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ONE_ACCOUNT_CONNECTIONS = Number(process.env.BENCH_ONE_ACCOUNT_CONNECTIONS ?? 64);
const ONE_ACCOUNT_KEYS = Number(process.env.BENCH_ONE_ACCOUNT_KEYS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** BENCH_ONE_ACCOUNT_ONLY=on runs the one account's load alone (no docs): point 5 of issue 48. */
const ONE_ACCOUNT_ONLY = process.env.BENCH_ONE_ACCOUNT_ONLY === 'on';
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const origin = `http://127.0.0.1:${PORT}`;

/** The four markets: a resting buy far under the price, so every order rests and its cancel finds it. */
const MARKETS = [
  { id: 'XRP-USDT', symbol: 'XRPUSDT', base: 'XRP', quantity: '10', price: '0.2' },
  { id: 'BTC-USDT', symbol: 'BTCUSDT', base: 'BTC', quantity: '0.0001', price: '20000' },
  { id: 'ETH-USDT', symbol: 'ETHUSDT', base: 'ETH', quantity: '0.01', price: '200' },
  { id: 'DOT-USDT', symbol: 'DOTUSDT', base: 'DOT', quantity: '1', price: '2' },
] as const;

type Context = {
  index?: number;
  key?: Key;
  user?: BenchUser;
  market?: (typeof MARKETS)[number];
  orderId?: string;
};

function assigner<T>(items: readonly T[]) {
  let next = 0;
  return (context: Context): number => {
    if (context.index === undefined) {
      context.index = next;
      next += 1;
      context.market = MARKETS[context.index % MARKETS.length];
    }
    return context.index % items.length;
  };
}

/** What PostgreSQL spent its time on during each load (BENCH_PG_STATEMENTS=on); set by main. */
let statements: ReturnType<typeof statementStats> | undefined;
/** The server's process, whose CPU (and its PostgreSQL's) each load reports; set by main. */
let serverPid = 0;

async function measure(label: string, options: autocannon.Options): Promise<autocannon.Result> {
  const measured = { duration: SECONDS, ...options };
  if (WARMUP_SECONDS > 0) await autocannon({ ...measured, duration: WARMUP_SECONDS });
  await statements?.reset();
  const [[result, cpu], rounds] = await roundsDuring(origin, () =>
    cpuDuring(
      serverPid,
      () => autocannon(measured),
      (done) => done['2xx'],
    ),
  );
  await statements?.print(label, result['2xx']);
  console.log(
    `${label}: ${result.requests.average} req/s, ${result.non2xx} non-2xx, ${result.errors} errors; ${rounds}; ${cpu}`,
  );
  return result;
}

/** `connections` connections, each with one of `keys` (in turn) and one of the four markets (in turn). */
async function apiPlaceCancel(name: string, keys: readonly Key[], connections: number): Promise<Figure> {
  const assign = assigner(keys);
  let refusal = '';
  const result = await measure(name, {
    url: origin,
    connections,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context: Context) => {
          const key = keys[assign(context)]!;
          context.key = key;
          const m = context.market!;
          return {
            ...req,
            path: '/api/v3/order',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-mbx-apikey': key.apiKey },
            body: signed(key, {
              symbol: m.symbol,
              side: 'BUY',
              type: 'LIMIT',
              timeInForce: 'GTC',
              quantity: m.quantity,
              price: m.price,
              newOrderRespType: 'ACK',
            }),
          };
        },
        onResponse: (status, body, context: Context) => {
          if (status !== 200 && !refusal) refusal = `${status} ${body.slice(0, 200)}`;
          context.orderId = status === 200 ? (JSON.parse(body) as { orderId: string }).orderId : '';
        },
      },
      {
        method: 'DELETE',
        setupRequest: (req, context: Context) => ({
          ...req,
          path: `/api/v3/order?${signed(context.key!, { symbol: context.market!.symbol, orderId: context.orderId! })}`,
          headers: { 'x-mbx-apikey': context.key!.apiKey },
        }),
      },
    ],
  });
  if (refusal) console.log(`${name}, first refusal: ${refusal}`);
  return figure(name, 'POST /api/v3/order then DELETE /api/v3/order', result);
}

async function webPlaceCancel(users: readonly BenchUser[]): Promise<Figure> {
  const assign = assigner(users);
  const result = await measure(`web order + cancel, ${CONNECTIONS} users`, {
    url: origin,
    connections: CONNECTIONS,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context: Context) => {
          const user = users[assign(context)]!;
          context.user = user;
          const m = context.market!;
          return {
            ...req,
            path: '/api/v1/wallet/limitorder/limitInstant/buy',
            headers: { 'content-type': 'application/json', authorization: user.authorization },
            body: JSON.stringify({
              market_id: m.id,
              crypto_currency_code: m.base,
              fiat_currency_code: 'USDT',
              quantity: m.quantity,
              type: 'limit',
              limitPrice: m.price,
              side: 'buy',
            }),
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
          path: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=${context.market!.id}&order_id=${context.orderId}`,
          headers: { authorization: context.user!.authorization },
        }),
      },
    ],
  });
  return figure(
    `web limit order + cancel, 4 markets, ${CONNECTIONS} users`,
    'POST limitInstant/buy then GET cancle-open-order',
    result,
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-api-'));
  chmodSync(dataDir, 0o755);
  const caption = machine();
  const jwtSecret = `bench-${randomUUID()}-${randomUUID()}`;
  buildForStart();
  const server = await startServer({
    dataDir,
    port: PORT,
    pgPort: PG_PORT,
    readyPath: '/api/v1/health',
    env: {
      JWT_SECRET: jwtSecret,
      // Trading needs no chain, and starting the development chains is what fails on a loaded machine.
      CHAIN_MODE: 'off',
      BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '100000000',
      // One account at thousands of orders a second spends far past Binance's default 6,000 a minute
      // per key; Binance raises a market maker's limits on request, and so does this setting.
      BINANCE_API_WEIGHT_PER_MINUTE_KEY: '100000000',
      AUTH_LIMIT_IP_PER_MINUTE: '10000',
      AUTH_LIMIT_ACCOUNT_PER_MINUTE: '10000',
      ...(process.env.BENCH_PG_STATEMENTS === 'on' ? { EMBEDDED_PG_STATEMENT_STATS: 'on' } : {}),
    },
  });
  serverPid = server.child.pid ?? 0;
  const database = connect(embeddedDatabaseUrl(PG_PORT), { max: 4 });
  statements = statementStats(database);
  try {
    const funds = { USDT: 10_000_000n, XRP: 1_000_000n, BTC: 100n, ETH: 1_000n, DOT: 100_000n };
    const apiUsers = await createFundedUsers(database, CONNECTIONS, funds, jwtSecret);
    const keys: Key[] = [];
    for (const user of apiUsers) keys.push(await createKey(origin, user));
    const [maker] = await createFundedUsers(database, 1, funds, jwtSecret);
    const makerKeys: Key[] = [];
    for (let i = 0; i < ONE_ACCOUNT_KEYS; i += 1) makerKeys.push(await createKey(origin, maker!));
    const webUsers = await createFundedUsers(database, CONNECTIONS, funds, jwtSecret);
    const figures = [
      ...(ONE_ACCOUNT_ONLY
        ? []
        : [
            await apiPlaceCancel(
              `API limit order + cancel, 4 markets, ${CONNECTIONS} keys`,
              keys,
              CONNECTIONS,
            ),
          ]),
      await apiPlaceCancel(
        `API, ONE account, ${ONE_ACCOUNT_KEYS} keys, ${ONE_ACCOUNT_CONNECTIONS} connections, 4 markets`,
        makerKeys,
        ONE_ACCOUNT_CONNECTIONS,
      ),
      ...(ONE_ACCOUNT_ONLY ? [] : [await webPlaceCancel(webUsers)]),
    ];
    const ledger = await verifyLedger(database.db, { holdSources: PRODUCT_HOLD_SOURCES });
    for (const f of figures)
      console.log(
        `${f.name.padEnd(52)} ${fmt(f.rps).padStart(7)} ok/s  p50 ${fmt(f.p50, 1)} ms  p99 ${fmt(f.p99, 1)} ms  (${f.ok} ok, ${f.failed} failed)`,
      );
    console.log(`ledger check after the run: ${ledger.breaches.length} breaches`);
    if (!process.argv.includes('--no-docs') && !ONE_ACCOUNT_ONLY) {
      const date = new Date().toISOString().slice(0, 10);
      const file = writeDocsSection(
        'Trading API',
        [
          `Run with \`BENCH_SECONDS=${SECONDS} npm run bench:api\` on ${date}: ${caption}.`,
          '',
          'The real server on embedded PostgreSQL with durable commits, as in "End to end". Each of',
          `${CONNECTIONS} connections has its own user and API key and signs, Binance-style (HMAC-SHA256 over`,
          'the parameters with a fresh timestamp), a resting LIMIT buy on one of four markets, then its',
          "cancel: every request authenticates its key (from the process's key cache), spends request",
          'weight (counted in memory, shared between processes every 100 ms) and runs on the same engine',
          'and group commit as the web. The one-account line is a market maker (issue 48): ONE user places',
          `and cancels the same way through ${ONE_ACCOUNT_KEYS} of its keys over ${ONE_ACCOUNT_CONNECTIONS} connections and the four`,
          "markets, with the key's weight budget raised for the run (BINANCE_API_WEIGHT_PER_MINUTE_KEY; see",
          '"Trading API: one account" below). The web path beside them is the same',
          `place-and-cancel through the web's routes with other users. ${WARMUP_SECONDS} s of each load run`,
          'first and are not counted. ok/s counts 2xx answers, each an order command (a place or a cancel).',
          'Targets on an idle machine: issue 39, 1,000/s with p99 under 50 ms; issue 48, one account 2,000/s',
          'with p99 under 50 ms. Compare the lines of the same run, not figures taken under other load.',
          '',
          table(figures),
          '',
          `Ledger check after the run: ${ledger.breaches.length} breaches. One-minute load average at the end:`,
          `${os.loadavg()[0]?.toFixed(2)} (other work shares the cores, so treat the figures as a floor).`,
        ].join('\n'),
      );
      console.log(`\nwrote the "Trading API" section of ${file}`);
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
