/**
 * What the HTTP benchmarks share: starting the real server as a child process, preparing users with
 * funds straight in its database, and rewriting one section of docs/performance.md. (A user's history
 * rows are made by the server's test helper, apps/server/src/test/history-rows.ts, which a test shares.)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AssetCode, depositPostings, getAsset, pow10 } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { refreshTokens, users } from '../apps/server/src/db/schema';
import { postEntry } from '../apps/server/src/features/ledger/post-entries';
import { createTokenService, hashToken, newOpaqueToken } from '../apps/server/src/platform/auth';
import type { Database } from '../apps/server/src/platform/db';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The machine, as the figures' caption: CPU model and count, memory, Node, load before the run. */
export function machine(): string {
  const cpus = os.cpus();
  const load = os.loadavg()[0]?.toFixed(2);
  const memory = Math.round(os.totalmem() / 2 ** 30);
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${memory} GiB, Node ${process.version}, ${process.platform} ${process.arch}; one-minute load average ${load} at the start`;
}

export interface RunningServer {
  readonly child: ChildProcess;
  /** Milliseconds from spawn to the first successful response of `readyPath`. */
  readonly startMs: number;
  stop(): Promise<void>;
}

/**
 * Builds what `npm start` would build (the web app and the server bundle, each only when its sources
 * changed), so that a timed start measures the start and not a build.
 */
export function buildForStart(): void {
  const built = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`building for start failed (${built.status})`);
}

/** The node options `npm start` gives the server (package.json's start script: `node <options> scripts/start.mjs`). */
function startNodeArgs(): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts;
  const [command, ...args] = scripts.start.split(' ').filter(Boolean);
  if (command !== 'node' || args.at(-1) !== 'scripts/start.mjs')
    throw new Error(`npm start is not \`node ... scripts/start.mjs\`: ${scripts.start}`);
  return args.slice(0, -1);
}

/**
 * Starts the server as `npm start` does (`node <its options> scripts/start.mjs`: checks the build stamps, then runs
 * the bundled server; embedded PostgreSQL under `dataDir`, durable commits: fsync on,
 * synchronous_commit on) and polls `readyPath` until it answers 200: the time a person waits after
 * `npm start` before the first page is served, less npm's own launch. Call buildForStart() first.
 */
export async function startServer(options: {
  dataDir: string;
  port: number;
  pgPort: number;
  readyPath: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  // A server left on the port (say, by a bench that crashed) would answer the readiness poll below,
  // and the bench would then measure that stale server and its old build without noticing.
  const stale = await fetch(`http://127.0.0.1:${options.port}/`).catch(() => null);
  if (stale) throw new Error(`port ${options.port} already answers: stop that server or set BENCH_PORT`);
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (see performance.md).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...startNodeArgs(), ...nodeArgs, 'scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: options.dataDir,
      EMBEDDED_PG_PORT: String(options.pgPort),
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'on',
      HOUSE_LIQUIDITY: 'off',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    // BENCH_SERVER_STDOUT=on shows the server's standard output (what --trace-gc prints, say).
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT === 'on' ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${options.port}${options.readyPath}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    if (performance.now() - started > 180_000) throw new Error(`server did not start: ${stderr}`);
    try {
      if ((await fetch(url)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const startMs = performance.now() - started;
  return {
    child,
    startMs,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface BenchUser {
  readonly id: string;
  readonly authorization: string;
}

/** KYC-verified users with `funds` (whole units) of every listed asset, and a bearer token each (one hour). */
export async function createFundedUsers(
  database: Database,
  count: number,
  funds: Partial<Record<AssetCode, bigint>>,
  jwtSecret: string,
): Promise<BenchUser[]> {
  const tokens = createTokenService(jwtSecret, 3600, () => new Date());
  const out: BenchUser[] = [];
  const tag = Date.now().toString(36);
  for (let i = 0; i < count; i += 1) {
    const [row] = await database.db
      .insert(users)
      .values({
        name: `Bench ${i}`,
        email: `bench-${tag}-${i}@example.com`,
        countryCode: '1',
        mobileNo: '5550100',
        passwordHash: 'not-a-usable-hash',
        role: 'USER',
        emailVerifiedAt: new Date(),
        isKycVerified: true,
        refCode: `B${tag}${i}`.toUpperCase().slice(0, 16),
      })
      .returning({ id: users.id });
    const id = row!.id;
    for (const [asset, amount] of Object.entries(funds) as [AssetCode, bigint][]) {
      const posted = await postEntry(database.db, {
        kind: 'DEPOSIT',
        reference: `bench-fund:${id}:${asset}`,
        userId: id,
        postings: depositPostings(id, asset, amount * pow10(getAsset(asset).scale)),
      });
      if (!posted.ok) throw new Error(`funding ${asset} refused: ${posted.code}`);
    }
    // A signed-in session is a refresh-token family the guards check on every request.
    const sessionId = randomUUID();
    await database.db.insert(refreshTokens).values({
      userId: id,
      familyId: sessionId,
      tokenHash: hashToken(newOpaqueToken()),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
      createdAt: new Date(),
    });
    const token = await tokens.signAccessToken({ userId: id, role: 'USER', sessionId });
    out.push({ id, authorization: `Bearer ${token}` });
  }
  return out;
}

/** Replaces the `## heading` section of docs/performance.md (appends it when missing). */
export function writeDocsSection(heading: string, body: string): string {
  const file = path.join(repoRoot, 'docs/performance.md');
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const section = `## ${heading}\n\n${body.trim()}\n`;
  const start = before.indexOf(`## ${heading}\n`);
  let text: string;
  if (start === -1) text = `${before.trimEnd()}\n\n${section}`;
  else {
    const next = before.indexOf('\n## ', start + 1);
    text = `${before.slice(0, start)}${section}${next === -1 ? '' : `\n${before.slice(next + 1)}`}`;
  }
  writeFileSync(file, text);
  return path.relative(process.cwd(), file);
}

/**
 * With BENCH_PG_STATEMENTS=on the benches start the embedded cluster with pg_stat_statements
 * (EMBEDDED_PG_STATEMENT_STATS) and print, after each load, the statements that took PostgreSQL the
 * most time during it (calls, total and mean milliseconds, and the text) and how many statements the
 * server sent (its round trips, which cost more CPU on these machines than most statements' work). Off,
 * it does nothing.
 */
export function statementStats(database: Database) {
  const on = process.env.BENCH_PG_STATEMENTS === 'on';
  return {
    async reset(): Promise<void> {
      if (!on) return;
      await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
      await database.db.execute(sql`SELECT pg_stat_statements_reset()`);
    },
    /** `answered`: the load's answered requests, to print the round trips each cost. */
    async print(label: string, answered?: number): Promise<void> {
      if (!on) return;
      const [trips] = (
        await database.db.execute<{ calls: string }>(
          sql`SELECT coalesce(sum(calls), 0)::text AS calls FROM pg_stat_statements WHERE toplevel`,
        )
      ).rows;
      const calls = Number(trips?.calls ?? 0);
      const each = answered ? ` (${(calls / answered).toFixed(2)} per answered request)` : '';
      console.log(`round trips to PostgreSQL during "${label}": ${calls} top-level statements${each}`);
      const top = await database.db.execute<{
        calls: string;
        total: string;
        mean: string;
        query: string;
      }>(sql`
        SELECT calls::text, round(total_exec_time::numeric, 1)::text AS total,
               round(mean_exec_time::numeric, 3)::text AS mean,
               left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 140) AS query
          FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 15`);
      console.log(`statements during "${label}" (calls, total ms, mean ms, text):`);
      for (const row of top.rows) console.log(`  ${row.calls} ${row.total} ${row.mean} ${row.query}`);
    },
  };
}
