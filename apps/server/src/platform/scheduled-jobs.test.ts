import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { ManualClock } from './clock';
import type { Database } from './db';
import { createLogger } from './logger';
import { createScheduler, type Scheduler } from './scheduled-jobs';

let database: Database & { url: string };
const lines: string[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  }),
);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A second process: its own pool on the same database, as another server would have. */
function processPool() {
  return new pg.Pool({ connectionString: database.url, max: 3 });
}

function counting(scheduler: Scheduler, name: string, seen: Date[]) {
  scheduler.schedule({
    name,
    everyMs: 60_000,
    run: async (now) => {
      seen.push(now);
    },
  });
}

describe('scheduled jobs', () => {
  it('one of two processes leads a job; the other takes over after the leader stops', async () => {
    const clock = new ManualClock(new Date('2026-03-01T00:00:00Z'));
    const poolA = processPool();
    const poolB = processPool();
    const a = createScheduler({ pool: poolA, logger, clock });
    const b = createScheduler({ pool: poolB, logger, clock });
    const ranA: Date[] = [];
    const ranB: Date[] = [];
    counting(a, 'demo', ranA);
    counting(b, 'demo', ranB);

    expect(await a.runOnce('demo')).toBe(true);
    expect(await b.runOnce('demo')).toBe(false);
    clock.advance(1000);
    expect(await a.runOnce('demo')).toBe(true);
    expect(await b.runOnce('demo')).toBe(false);
    expect(ranA.map((d) => d.toISOString())).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T00:00:01.000Z',
    ]);
    expect(ranB).toEqual([]);

    await a.stop();
    expect(a.isLeader('demo')).toBe(false);
    expect(await b.runOnce('demo')).toBe(true);
    expect(b.isLeader('demo')).toBe(true);
    expect(await a.runOnce('demo')).toBe(false);
    await b.stop();
    await poolA.end();
    await poolB.end();
  });

  it('leads many jobs on one connection: a process with more jobs than pool connections runs them all', async () => {
    const pool = processPool();
    const scheduler = createScheduler({ pool, logger, clock: new ManualClock() });
    const seen: Date[] = [];
    for (let i = 0; i < 10; i++) counting(scheduler, `many-${i}`, seen);
    expect(await scheduler.runOnce()).toBe(true);
    expect(seen).toHaveLength(10);
    expect(scheduler.leadership().every((job) => job.leader)).toBe(true);
    // One connection holds the ten locks; the pool's other two stay free for the jobs' own queries.
    const held = await pool.query<{ sessions: number; locks: number }>(
      `SELECT count(DISTINCT pid)::int AS sessions, count(*)::int AS locks FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND classid = 72004002
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(held.rows[0]).toEqual({ sessions: 1, locks: 10 });
    await scheduler.stop();
    await pool.end();
  });

  it('sends the lock session one query at a time when many jobs start together', async () => {
    const pool = processPool();
    // Counts the lock session's queries in flight: pg 8 queues a second one with a warning, pg 9 refuses it.
    let inFlight = 0;
    let most = 0;
    const connect = pool.connect.bind(pool);
    const watched = async () => {
      const client = await connect();
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      (client as { query: unknown }).query = async (...args: unknown[]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          return await query(...args);
        } finally {
          inFlight -= 1;
        }
      };
      return client;
    };
    (pool as { connect: unknown }).connect = watched;
    const scheduler = createScheduler({ pool, logger, clock: new ManualClock() });
    const seen: Date[] = [];
    for (let i = 0; i < 10; i++) counting(scheduler, `together-${i}`, seen);
    await scheduler.start();
    expect(seen).toHaveLength(10);
    expect(most).toBe(1);
    await scheduler.stop();
    await pool.end();
  });

  it('takes over when the leader process dies (its session ends without unlocking)', async () => {
    const clock = new ManualClock();
    const poolA = processPool();
    const poolB = processPool();
    const a = createScheduler({ pool: poolA, logger, clock });
    const b = createScheduler({ pool: poolB, logger, clock });
    const ranA: Date[] = [];
    const ranB: Date[] = [];
    counting(a, 'crashy', ranA);
    counting(b, 'crashy', ranB);
    expect(await a.runOnce('crashy')).toBe(true);
    expect(await b.runOnce('crashy')).toBe(false);

    // The leader "dies": PostgreSQL ends its session, as it does when a process is killed.
    const heldBy = `FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = hashtext('crashy')::oid
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    await poolB.query(`SELECT pg_terminate_backend(pid) ${heldBy}`);
    // Termination is a signal: wait until the dying session has let go of the lock.
    for (let i = 0; i < 100; i++) {
      const left = await poolB.query(`SELECT count(*)::int AS n ${heldBy}`);
      if (left.rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await b.runOnce('crashy')).toBe(true);
    // The old leader notices its broken session on its next tick and does not run alongside.
    expect(await a.runOnce('crashy')).toBe(false);
    expect(ranA).toHaveLength(1);
    expect(ranB).toHaveLength(1);
    await a.stop();
    await b.stop();
    await poolA.end().catch(() => {});
    await poolB.end();
  });

  it('logs a failing job and keeps ticking; different jobs lead independently', async () => {
    const clock = new ManualClock();
    const pool = processPool();
    const scheduler = createScheduler({ pool, logger, clock });
    let calls = 0;
    scheduler.schedule({
      name: 'flaky',
      everyMs: 60_000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
      },
    });
    const other: Date[] = [];
    counting(scheduler, 'other', other);
    expect(await scheduler.runOnce('flaky')).toBe(false);
    expect(lines.some((line) => line.includes('scheduled job failed') && line.includes('boom'))).toBe(true);
    expect(await scheduler.runOnce('flaky')).toBe(true);
    expect(await scheduler.runOnce()).toBe(true);
    expect(other).toHaveLength(1);
    await scheduler.stop();
    await pool.end();
  });

  it('start runs the first tick at once and then on a timer; stop ends the ticking', async () => {
    const clock = new ManualClock();
    const pool = processPool();
    const scheduler = createScheduler({ pool, logger, clock });
    let runs = 0;
    scheduler.schedule({
      name: 'timed',
      everyMs: 20,
      run: async () => {
        runs += 1;
      },
    });
    await scheduler.start();
    expect(runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await scheduler.stop();
    const after = runs;
    expect(after).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(after);
    await pool.end();
  });
});
