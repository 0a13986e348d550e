/**
 * WebSocket fan-out benchmark: `npm run bench:ws` (add `-- --no-docs` to skip writing docs).
 *
 * Starts the real server (as `npm start` runs it) in a fresh data directory, connects 1,000 WebSocket
 * clients to /api/v1/ws, each subscribed to 'ticker' and 'depth:BTC-USDT' as the trading page is,
 * then publishes ticker lists and depths the way another server process does: NOTIFY 'price_tick'
 * and 'trading_event' on PostgreSQL, which every process's listener turns into frames for its own
 * sockets. Each update carries its sequence number; the latency of a delivery is the time from just
 * before the NOTIFY to the client's receipt of the frame, both read from this process's clock.
 * Beside them, BENCH_BINANCE_CLIENTS (default as many) clients open Binance's diff depth stream
 * `/ws/btcusdt@depth` (features/binance-streams), fed by the same notifications: its latency is read
 * from each depthUpdate's `u`, the update id the bench put in the notification.
 * Figures go to the "WebSocket fan-out" section of docs/performance.md.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { embeddedDatabaseUrl } from '../apps/server/src/platform/embedded-postgres';
import { fmt, percentile } from './figures';
import { buildForStart, machine, startServer, writeDocsSection } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 4352);
const PG_PORT = PORT + 1;
const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** Updates per second on each channel. */
const RATE = Number(process.env.BENCH_WS_RATE ?? 5);
const MARKET = 'BTC-USDT';
const BINANCE_CLIENTS = Number(process.env.BENCH_BINANCE_CLIENTS ?? CLIENTS);
/** The bench's update ids start far above any the server's own batches reach, so each is the newest. */
const UPDATE_ID_BASE = 1_000_000_000_000;
/**
 * The hub allows 20 sockets per client address; every address in 127.0.0.0/8 is this machine, so
 * the clients spread over 127.0.1.x, 20 to an address, as 1,000 people would come from many.
 */
const PER_ADDRESS = 20;

type Channel = 'ticker' | 'depth' | 'binance';

interface Client {
  readonly socket: WebSocket;
}

async function connectClients(
  count: number,
  onFrame: (channel: Channel, seq: number, at: number) => void,
): Promise<Client[]> {
  const url = `ws://127.0.0.1:${PORT}/api/v1/ws`;
  const connectOne = (index: number) =>
    new Promise<Client>((resolve, reject) => {
      const localAddress = `127.0.1.${1 + Math.floor(index / PER_ADDRESS)}`;
      const socket = new WebSocket(url, { localAddress });
      let acks = 0;
      const timer = setTimeout(() => reject(new Error(`client ${index} not subscribed in 60 s`)), 60_000);
      socket.on('error', reject);
      socket.on('message', (raw: Buffer) => {
        const at = performance.now();
        // Only this bench's updates carry a whole-number price; a substring test keeps the clients'
        // own parsing cost (they share the machine) out of the server's figures.
        const text = raw.toString();
        if (text.startsWith('{"channel":"ticker"')) {
          const match = /"ticker":"BENCH","lastPrice":"(\d+)"/.exec(text);
          if (match) onFrame('ticker', Number(match[1]), at);
        } else if (text.startsWith(`{"channel":"depth:${MARKET}"`)) {
          const match = /"bids":\[\{"price":"(\d+)"/.exec(text);
          if (match) onFrame('depth', Number(match[1]), at);
        } else if (text.includes('"op":"subscribed"')) {
          acks += 1;
          if (acks === 2) {
            clearTimeout(timer);
            resolve({ socket });
          }
        } else if (text.includes('"op":"error"')) reject(new Error(`client ${index}: ${text}`));
      });
      socket.on('open', () => {
        socket.send(JSON.stringify({ op: 'subscribe', channel: 'ticker' }));
        socket.send(JSON.stringify({ op: 'subscribe', channel: `depth:${MARKET}` }));
      });
    });
  const clients: Client[] = [];
  // In batches, so the handshakes do not all queue on the server at once.
  const binanceOne = (index: number) =>
    new Promise<Client>((resolve, reject) => {
      const localAddress = `127.0.2.${1 + Math.floor(index / PER_ADDRESS)}`;
      const socket = new WebSocket(`ws://127.0.0.1:${PORT}/ws/btcusdt@depth`, { localAddress });
      socket.on('error', reject);
      socket.on('open', () => resolve({ socket }));
      socket.on('message', (raw: Buffer) => {
        const at = performance.now();
        const match = /"u":(\d+)/.exec(raw.toString());
        if (match) onFrame('binance', Number(match[1]) - UPDATE_ID_BASE, at);
      });
    });
  for (let i = 0; i < BINANCE_CLIENTS; i += 50)
    clients.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, BINANCE_CLIENTS - i) }, (_, k) => binanceOne(i + k)),
      )),
    );
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, k) => connectOne(i + k)),
    );
    clients.push(...batch);
  }
  return clients;
}

function tickerPayload(seq: number): string {
  return JSON.stringify([
    { ticker: 'BENCH', lastPrice: String(seq), priceChangePercent: '0.00', at: new Date().toISOString() },
  ]);
}

function depthPayload(seq: number): string {
  return JSON.stringify({
    m: MARKET,
    n: 0,
    d: { market_id: MARKET, bids: [{ price: String(seq), quantity: '1' }], asks: [] },
    u: [],
    s: String(UPDATE_ID_BASE + seq),
  });
}

interface ChannelFigures {
  readonly channel: Channel;
  readonly updates: number;
  readonly expected: number;
  readonly received: number;
  readonly p50: number;
  readonly p99: number;
  readonly p999: number;
  readonly max: number;
  /** Per update: the time until its last client had it. */
  readonly lastP50: number;
  readonly lastP99: number;
}

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-ws-'));
  chmodSync(dataDir, 0o755);
  const caption = machine();
  buildForStart();
  const server = await startServer({
    dataDir,
    port: PORT,
    pgPort: PG_PORT,
    readyPath: '/api/v1/health',
  });
  const publisher = new pg.Client({ connectionString: embeddedDatabaseUrl(PG_PORT) });
  const clients: Client[] = [];
  try {
    await publisher.connect();
    const sentAt: Record<Channel, number[]> = { ticker: [], depth: [], binance: [] };
    const latencies: Record<Channel, number[]> = { ticker: [], depth: [], binance: [] };
    const lastAt: Record<Channel, number[]> = { ticker: [], depth: [], binance: [] };
    const onFrame = (channel: Channel, seq: number, at: number) => {
      const sent = sentAt[channel][seq];
      if (sent === undefined) return;
      latencies[channel].push(at - sent);
      lastAt[channel][seq] = Math.max(lastAt[channel][seq] ?? 0, at);
    };
    const connectStarted = performance.now();
    clients.push(...(await connectClients(CLIENTS, onFrame)));
    const connectMs = performance.now() - connectStarted;
    console.log(`${CLIENTS} clients connected and subscribed in ${fmt(connectMs)} ms`);

    // Ticker and depth alternate, RATE a second each, for SECONDS.
    const updates = RATE * SECONDS;
    const gapMs = 1000 / (RATE * 2);
    const loadBefore = os.loadavg()[0]?.toFixed(2);
    for (let seq = 1; seq <= updates; seq += 1) {
      for (const channel of ['ticker', 'depth'] as const) {
        const planned = performance.now() + gapMs;
        const sentNow = performance.now();
        sentAt[channel][seq] = sentNow;
        if (channel === 'depth') sentAt.binance[seq] = sentNow;
        if (channel === 'ticker')
          await publisher.query('SELECT pg_notify($1, $2)', ['price_tick', tickerPayload(seq)]);
        else await publisher.query('SELECT pg_notify($1, $2)', ['trading_event', depthPayload(seq)]);
        const wait = planned - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }
    // Let the last frames arrive.
    await new Promise((r) => setTimeout(r, 3_000));

    const figures: ChannelFigures[] = (['ticker', 'depth', 'binance'] as const).map((channel) => {
      const sorted = [...latencies[channel]].sort((a, b) => a - b);
      const last = lastAt[channel]
        .map((at, seq) => at - sentAt[channel][seq]!)
        .filter((ms) => Number.isFinite(ms))
        .sort((a, b) => a - b);
      return {
        channel,
        updates,
        expected: updates * (channel === 'binance' ? BINANCE_CLIENTS : CLIENTS),
        received: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        p999: percentile(sorted, 99.9),
        max: sorted.at(-1) ?? Number.NaN,
        lastP50: percentile(last, 50),
        lastP99: percentile(last, 99),
      };
    });
    for (const f of figures)
      console.log(
        `${f.channel.padEnd(7)} ${fmt(f.received)}/${fmt(f.expected)} delivered  p50 ${fmt(f.p50, 1)} ms  p99 ${fmt(f.p99, 1)} ms  p99.9 ${fmt(f.p999, 1)} ms  max ${fmt(f.max, 1)} ms  last client p50 ${fmt(f.lastP50, 1)} ms p99 ${fmt(f.lastP99, 1)} ms`,
      );

    if (!process.argv.includes('--no-docs')) {
      const date = new Date().toISOString().slice(0, 10);
      const rows = figures.map(
        (f) =>
          `| \`${f.channel === 'ticker' ? 'ticker' : f.channel === 'depth' ? `depth:${MARKET}` : '/ws/btcusdt@depth'}\` | ${fmt(f.updates)} | ${fmt(f.received)} of ${fmt(f.expected)} | ${fmt(f.p50, 1)} | ${fmt(f.p99, 1)} | ${fmt(f.p999, 1)} | ${fmt(f.max, 1)} | ${fmt(f.lastP50, 1)} | ${fmt(f.lastP99, 1)} |`,
      );
      const file = writeDocsSection(
        'WebSocket fan-out',
        [
          `Run with \`npm run bench:ws\` on ${date}: ${caption}.`,
          '',
          `${fmt(CLIENTS)} WebSocket clients (the \`ws\` package, in the bench process) connect to the real server's`,
          `\`/api/v1/ws\`, each subscribed to \`ticker\` and \`depth:${MARKET}\` as the trading page is; they`,
          `connected and subscribed in ${fmt(connectMs)} ms. The bench then publishes ${RATE} ticker lists and ${RATE}`,
          `depths a second for ${SECONDS} s the way a second server process does: \`NOTIFY price_tick\` and`,
          "`NOTIFY trading_event` on PostgreSQL, which the server's listener turns into one frame per",
          'update, serialised once and written to every subscribed socket. Latency is from just before the',
          "NOTIFY to the client's receipt, on one clock; it includes PostgreSQL's delivery of the",
          "notification and the clients' own event loop, which shares the two cores with the server.",
          '"Last client" is, per update, the time until all of its subscribers had it.',
          `\`/ws/btcusdt@depth\` is Binance's diff depth stream (docs/api.md) on ${fmt(BINANCE_CLIENTS)} more clients, fed by`,
          'the same depth notifications: each becomes one depthUpdate, serialised once for all of them.',
          '',
          '| channel | updates | frames delivered | p50 ms | p99 ms | p99.9 ms | max ms | last client p50 ms | last client p99 ms |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
          ...rows,
          '',
          `One-minute load average ${loadBefore} before publishing and ${os.loadavg()[0]?.toFixed(2)} after.`,
        ].join('\n'),
      );
      console.log(`\nwrote the "WebSocket fan-out" section of ${file}`);
    }
  } finally {
    for (const client of clients) client.socket.terminate();
    await publisher.end().catch(() => undefined);
    await server.stop();
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
