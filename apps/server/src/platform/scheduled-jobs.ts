import type pg from 'pg';
import type { Logger } from 'pino';
import type { Clock } from './clock';

/**
 * The first key of every job's advisory lock (the two-key form `pg_try_advisory_lock(int, int)`), so
 * job locks never collide with the single-key locks other features take; the second key is
 * `hashtext(name)`.
 */
const JOB_LOCK_CLASS = 72_004_002;

export interface ScheduledJob {
  /** Unique per job: it names the advisory lock, so every process must spell it the same. */
  readonly name: string;
  readonly everyMs: number;
  /** One run at the scheduler clock's `now`. A throw is logged and the next tick tries again. */
  run(now: Date): Promise<void>;
  /**
   * Called when this process has just become the job's leader, before its first run as leader: a job
   * that keeps state about what it already did (a back-fill, say) forgets it here, since another
   * process may have led in between.
   */
  onLead?(): void;
}

export interface Scheduler {
  /** Adds a job; call before `start`. */
  schedule(job: ScheduledJob): void;
  /** Runs every job's first tick now, then one every `everyMs`. */
  start(): Promise<void>;
  /** Clears the timers, waits for running ticks and releases every lock this process holds. */
  stop(): Promise<void>;
  /**
   * One tick of the named job (or of every job) now, as the timer would run it: claims the lock if
   * free, runs the job only while leading. Resolves true when this process ran it. Tests use it
   * instead of waiting for timers.
   */
  runOnce(name?: string): Promise<boolean>;
  /** Whether this process currently leads the named job. */
  isLeader(name: string): boolean;
  /** Every scheduled job's name and whether this process leads it (for metrics). */
  leadership(): Array<{ job: string; leader: boolean }>;
}

export interface SchedulerDeps {
  readonly pool: pg.Pool;
  readonly logger: Logger;
  readonly clock: Clock;
}

interface JobState {
  readonly job: ScheduledJob;
  /** The lock session this process held the job's lock on when it became leader; null when not leading. */
  leader: pg.PoolClient | null;
  chain: Promise<boolean>;
  timer: NodeJS.Timeout | null;
}

/**
 * Runs named jobs every N ms in exactly one of the server processes sharing a database. Leadership is
 * a session advisory lock taken with `pg_try_advisory_lock`. All of a process's job locks live on one
 * pooled connection it keeps checked out (its lock session), so twenty jobs take one connection from
 * the pool, not twenty: when the process dies (or that connection breaks) PostgreSQL ends the session
 * and frees every lock, and whichever process ticks next takes each. A leader checks the session on
 * every tick before running, so a silently broken session gives up leadership instead of running
 * alongside the new leader. Ticks of one job never overlap, failures are logged and never reach the
 * process, and time comes from the injected clock.
 */
export function createScheduler(deps: SchedulerDeps): Scheduler {
  const { pool, logger, clock } = deps;
  const jobs = new Map<string, JobState>();
  let running = false;
  let session: { client: pg.PoolClient; onError: (error: Error) => void } | null = null;
  let opening: Promise<pg.PoolClient> | null = null;
  /** Claims whose lock query is in flight on the session: it is not handed back while one is. */
  let claiming = 0;
  /** The session's last query: the next waits for it (see `onSession`). */
  let inTurn: Promise<unknown> = Promise.resolve();

  /**
   * Runs one query on the lock session after the one before it: twenty jobs ticking at once share the
   * session, and pg refuses (from version 9; 8 warns) a query sent while the client still runs another.
   */
  function onSession<Row extends pg.QueryResultRow>(
    client: pg.PoolClient,
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<Row>> {
    const result = inTurn.then(() => client.query<Row>(text, values));
    inTurn = result.catch(() => undefined);
    return result;
  }

  /** Ends the lock session (destroying the connection frees its locks); every job it held is lost. */
  function dropSession(error: unknown): void {
    const current = session;
    if (!current) return;
    session = null;
    current.client.removeListener('error', current.onError);
    current.client.release(error instanceof Error ? error : true);
    for (const state of jobs.values()) {
      if (state.leader !== current.client) continue;
      state.leader = null;
      logger.warn({ err: error, job: state.job.name }, 'scheduled job: lost leadership');
    }
  }

  function lockSession(): Promise<pg.PoolClient> {
    if (session) return Promise.resolve(session.client);
    opening ??= pool
      .connect()
      .then((client) => {
        const onError = (error: Error) => dropSession(error);
        client.on('error', onError);
        session = { client, onError };
        return client;
      })
      .finally(() => {
        opening = null;
      });
    return opening;
  }

  /** A session that leads nothing holds no lock: it goes back to the pool, as a follower needs none. */
  function idleSession(): void {
    const current = session;
    if (!current || claiming > 0 || opening) return;
    for (const state of jobs.values()) if (state.leader === current.client) return;
    session = null;
    current.client.removeListener('error', current.onError);
    current.client.release();
  }

  async function claim(state: JobState): Promise<void> {
    const client = await lockSession();
    let locked = false;
    claiming += 1;
    try {
      const result = await onSession<{ locked: boolean }>(
        client,
        'SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS locked',
        [JOB_LOCK_CLASS, state.job.name],
      );
      locked = result.rows[0]?.locked === true;
    } catch (error) {
      dropSession(error);
      throw error;
    } finally {
      claiming -= 1;
    }
    // The session may have broken while the query was in flight: a lock on a dead session is no lock.
    if (!locked || session?.client !== client) {
      idleSession();
      return;
    }
    state.leader = client;
    state.job.onLead?.();
    logger.info({ job: state.job.name }, 'scheduled job: this process now leads it');
  }

  async function tick(state: JobState): Promise<boolean> {
    try {
      if (state.leader && state.leader !== session?.client) state.leader = null;
      if (state.leader) {
        try {
          await onSession(state.leader, 'SELECT 1');
        } catch (error) {
          dropSession(error);
        }
      }
      if (!state.leader) await claim(state);
      if (!state.leader) return false;
      await state.job.run(clock.now());
      return true;
    } catch (error) {
      logger.error({ err: error, job: state.job.name }, 'scheduled job failed');
      return false;
    }
  }

  function enqueue(state: JobState): Promise<boolean> {
    const next = state.chain.then(() => tick(state));
    state.chain = next;
    return next;
  }

  function arm(state: JobState): void {
    if (!running) return;
    state.timer = setTimeout(() => {
      void enqueue(state).then(() => arm(state));
    }, state.job.everyMs);
    state.timer.unref();
  }

  async function release(state: JobState): Promise<void> {
    const client = state.leader;
    if (!client) return;
    state.leader = null;
    if (session?.client !== client) return;
    try {
      await onSession(client, 'SELECT pg_advisory_unlock($1::int, hashtext($2))', [
        JOB_LOCK_CLASS,
        state.job.name,
      ]);
    } catch (error) {
      dropSession(error);
    }
  }

  return {
    schedule(job) {
      if (jobs.has(job.name)) throw new Error(`scheduled job ${job.name} is already scheduled`);
      if (!(job.everyMs > 0)) throw new Error(`scheduled job ${job.name} needs a positive interval`);
      jobs.set(job.name, { job, leader: null, chain: Promise.resolve(false), timer: null });
    },
    async start() {
      running = true;
      await Promise.all(
        [...jobs.values()].map(async (state) => {
          await enqueue(state);
          arm(state);
        }),
      );
    },
    async stop() {
      running = false;
      for (const state of jobs.values()) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = null;
      }
      await Promise.all(
        [...jobs.values()].map(async (state) => {
          await state.chain;
          await release(state);
        }),
      );
      await opening?.catch(() => undefined);
      idleSession();
    },
    async runOnce(name) {
      const states = name === undefined ? [...jobs.values()] : [jobs.get(name)];
      let ran = false;
      for (const state of states) {
        if (!state) throw new Error(`no scheduled job named ${name}`);
        if (await enqueue(state)) ran = true;
      }
      return ran;
    },
    isLeader(name) {
      return jobs.get(name)?.leader != null;
    },
    leadership() {
      return [...jobs.values()].map((state) => ({ job: state.job.name, leader: state.leader != null }));
    },
  };
}
