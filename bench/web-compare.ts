/**
 * Two or more builds of the web app side by side: `npm run bench:web-compare -- <runs> <page>
 * <name>=<dist> <name>=<dist> ...` (say `6 / old=../old/dist new=apps/web/dist`, each dist built with
 * `vite build --outDir`). One real server (as `npm start` runs it, without the development chains,
 * with the house's liquidity) answers the API; each dist is served by a small static server of its
 * own on the next ports, sending the build's .br files as the real one does, and passing /api (the
 * WebSocket too) to that server. Lighthouse (mobile) visits each build in turn, the order reversed
 * every round, so the others' load on a shared machine falls on all of them alike.
 *
 * Besides Lighthouse's score and TBT it prints a blocking figure from the trace that the machine's
 * load hardly moves: each top-level task of the page's main thread after the first contentful
 * paint, its CPU time (not its wall time) × 4 as Lighthouse's phone simulation does, summed past
 * 50 ms. BENCH_WEB_REPORTS=<dir> keeps each Lighthouse report. Figures go to the console only.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildForStart, startServer } from './support';
import { startChromium } from './web-chromium';

const PORT = Number(process.env.BENCH_PORT ?? 4364);
const DEVTOOLS_PORT = PORT + 2;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

interface Row {
  readonly performance: number;
  readonly tbtMs: number;
  readonly lcpMs: number;
  readonly cpuBlockingMs: number;
  readonly load: number;
}

/** A dist as the real server serves it: index.html for '/', app.html for other pages, .br when accepted. */
function serveDist(dist: string, port: number): http.Server {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      const upstream = http.request(
        { host: '127.0.0.1', port: PORT, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    let file = path.join(dist, url.pathname);
    if (url.pathname === '/') file = path.join(dist, 'index.html');
    else if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, 'app.html');
    const headers: Record<string, string> = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    };
    if (String(req.headers['accept-encoding']).includes('br') && existsSync(`${file}.br`)) {
      headers['content-encoding'] = 'br';
      file = `${file}.br`;
    }
    res.writeHead(200, headers);
    res.end(readFileSync(file));
  });
  // The price feed's WebSocket: the upgrade request is replayed to the real server and the two
  // sockets joined.
  server.on('upgrade', (req, socket, head) => {
    const upstream = net.connect(PORT, '127.0.0.1', () => {
      const lines = Object.entries(req.headers).map(([name, value]) => `${name}: ${value}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  server.listen(port, '127.0.0.1');
  return server;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The blocking figure described above, from Lighthouse's trace of the page. */
function cpuBlocking(trace: { traceEvents: TraceEvent[] }): number {
  const events = trace.traceEvents;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return Number.NaN;
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid,
  );
  let blocking = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.pid !== main?.pid || e.tid !== main.tid || e.ts < fcp.ts)
      continue;
    const ms = ((e.tdur ?? e.dur ?? 0) / 1000) * 4;
    if (ms > 50) blocking += ms - 50;
  }
  return blocking;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  const [runsArg, page, ...builds] = process.argv.slice(2);
  const runs = Number(runsArg);
  if (!(runs > 0) || !page?.startsWith('/') || builds.length === 0 || builds.some((b) => !b.includes('=')))
    throw new Error('usage: bench:web-compare -- <runs> <page> <name>=<dist> [<name>=<dist> ...]');
  const variants = builds.map((build, i) => {
    const [name, dist] = build.split('=') as [string, string];
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no index.html`);
    return { name, port: PORT + 3 + i, server: serveDist(path.resolve(dist), PORT + 3 + i) };
  });
  const { default: lighthouse } = await import('lighthouse');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-web-compare-'));
  const dataDir = path.join(scratch, 'data');
  mkdirSync(dataDir, { recursive: true });
  // The embedded PostgreSQL runs as its own user when the bench runs as root: it must reach its data.
  chmodSync(scratch, 0o755);
  chmodSync(dataDir, 0o755);
  buildForStart();
  const server = await startServer({
    dataDir,
    port: PORT,
    pgPort: PORT + 1,
    readyPath: '/api/v1/health',
    env: { HOUSE_LIQUIDITY: 'on', CHAIN_MODE: 'off' },
  });
  const chromium = await startChromium(DEVTOOLS_PORT);
  const rows = new Map<string, Row[]>(variants.map((v) => [v.name, []]));
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const variant of run % 2 ? [...variants].reverse() : variants) {
        const load = os.loadavg()[0] ?? Number.NaN;
        const result = await lighthouse(`http://127.0.0.1:${variant.port}${page}`, {
          port: DEVTOOLS_PORT,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
        if (!result || result.lhr.runtimeError) {
          console.log(
            `${variant.name} round ${run}: failed (${result?.lhr.runtimeError?.code ?? 'no result'})`,
          );
          continue;
        }
        if (process.env.BENCH_WEB_REPORTS) {
          mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
          const name = `${variant.name}-${run}.json`;
          writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, name), JSON.stringify(result.lhr));
        }
        const { audits, categories } = result.lhr;
        const trace = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace;
        const row: Row = {
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          cpuBlockingMs: cpuBlocking(trace),
          load,
        };
        rows.get(variant.name)?.push(row);
        console.log(
          `${variant.name.padEnd(10)} round ${run}  performance ${row.performance}  TBT ${Math.round(row.tbtMs)} ms  LCP ${Math.round(row.lcpMs)} ms  CPU blocking ${Math.round(row.cpuBlockingMs)} ms  load ${load.toFixed(1)}`,
        );
      }
    }
  } finally {
    chromium.kill();
    for (const variant of variants) variant.server.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const [name, list] of rows) {
    const of = (pick: (r: Row) => number) => Math.round(median(list.map(pick)));
    console.log(
      `median ${name.padEnd(10)} (${list.length} runs)  performance ${of((r) => r.performance)}  TBT ${of((r) => r.tbtMs)} ms  LCP ${of((r) => r.lcpMs)} ms  CPU blocking ${of((r) => r.cpuBlockingMs)} ms  load ${median(list.map((r) => r.load)).toFixed(1)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
