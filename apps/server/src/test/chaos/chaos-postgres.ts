import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, migrateDatabase } from '../../platform/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../platform/embedded-postgres';
import { freePort } from '../../platform/free-port';
import { connectTestSocket } from '../ws-client';
import type { ServerProcess } from './server-process';

/**
 * The chaos loop's own PostgreSQL (embedded, in a temporary directory), so the loop can stop and start
 * it under the running servers without touching the database other test runs share.
 */
export interface ChaosPostgres {
  readonly url: string;
  /** Stops PostgreSQL (a fast shutdown: open sessions are cut), runs `whileDown`, starts it again. */
  restart(whileDown: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startChaosPostgres(): Promise<ChaosPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-chaos-pg-'));
  const port = await freePort();
  let cluster: EmbeddedDatabase | null = await startEmbeddedPostgres({ dir, port, database: 'exchange' });
  const url = cluster.url;
  const migrator = connect(url, { max: 1 });
  try {
    await migrateDatabase(migrator.db);
  } finally {
    await migrator.close();
  }
  return {
    url,
    async restart(whileDown) {
      await cluster?.stop();
      cluster = null;
      try {
        await whileDown();
      } finally {
        // Same directory and port: the data is the data the servers wrote before the stop.
        cluster = await startEmbeddedPostgres({ dir, port, database: 'exchange' });
      }
    },
    async stop() {
      await cluster?.stop();
      cluster = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /auth/me: the guard reads the session from the database, so it needs PostgreSQL to answer. */
async function me(
  server: ServerProcess,
  token: string,
): Promise<{ status: number; code?: string; error?: string }> {
  try {
    const res = await fetch(`${server.base}/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json()) as { code?: string };
    return { status: res.status, code: body.code };
  } catch (error) {
    return { status: 0, error: String(error) };
  }
}

/** While PostgreSQL is down every server still answers, with 503 db_unavailable (never a 500, never a hang). */
export async function expectAnswersUnavailable(
  servers: readonly ServerProcess[],
  token: string,
): Promise<void> {
  for (const server of servers) {
    const answer = await me(server, token);
    if (answer.status !== 503 || answer.code !== 'db_unavailable')
      throw new Error(
        `while PostgreSQL is down ${server.base} answered ${JSON.stringify(answer)}; exit ${server.child.exitCode}; ${server.tail()}`,
      );
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`${server.base} exited while PostgreSQL was down`);
  }
}

/**
 * After PostgreSQL is back, the same processes (not restarted) answer again from their pools, and their
 * LISTEN connections are listening again: a ticker tick written after the restart reaches a socket on
 * every process (the feed's writer NOTIFYs it; each process hears it on its own LISTEN connection).
 */
export async function expectRecovered(
  servers: readonly ServerProcess[],
  token: string,
  backAt: Date,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const server of servers) {
    for (;;) {
      const answer = await me(server, token);
      if (answer.status === 200) break;
      if (Date.now() > deadline)
        throw new Error(
          `${server.base} did not recover after PostgreSQL came back: ${JSON.stringify(answer)}; ${server.tail()}`,
        );
      await sleep(250);
    }
  }
  await Promise.all(
    servers.map(async (server) => {
      const socket = await connectTestSocket(`${server.base.replace(/^http/, 'ws')}/ws`);
      try {
        socket.send({ op: 'subscribe', channel: 'ticker' });
        const fresh = (frame: Record<string, unknown>) => {
          if (frame.channel !== 'ticker' || !Array.isArray(frame.data)) return false;
          const at = (frame.data[0] as { at?: string } | undefined)?.at;
          return at !== undefined && new Date(at) > backAt;
        };
        await socket.next(fresh, Math.max(1_000, deadline - Date.now())).catch(() => {
          throw new Error(`${server.base} heard no notification after PostgreSQL came back (LISTEN lost)`);
        });
      } finally {
        await socket.close();
      }
    }),
  );
}
