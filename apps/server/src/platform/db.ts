import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema';

// NUMERIC comes back as a string (exact); BIGINT (oid 20) too, and we parse it to bigint where needed.
export type Db = NodePgDatabase<typeof schema> & { readonly $client: pg.Pool };
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Limits every pooled session carries, so one slow query, a lock queue or a transaction left open
 * cannot hold rows or connections for ever: PostgreSQL cancels the statement (57014), gives up waiting
 * for a lock (55P03) or ends the idle transaction's session; a request waiting for a free connection
 * fails after `acquireTimeoutMs` instead of queueing without end. 0 switches a limit off.
 */
export interface DbLimits {
  readonly statementTimeoutMs: number;
  readonly lockTimeoutMs: number;
  readonly idleInTransactionTimeoutMs: number;
  readonly acquireTimeoutMs: number;
}

export const DEFAULT_DB_LIMITS: DbLimits = {
  statementTimeoutMs: 30_000,
  lockTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 60_000,
  acquireTimeoutMs: 10_000,
};

export function connect(
  databaseUrl: string,
  options: { max?: number; limits?: Partial<DbLimits> } = {},
): Database {
  const limits = { ...DEFAULT_DB_LIMITS, ...options.limits };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 20,
    statement_timeout: limits.statementTimeoutMs,
    lock_timeout: limits.lockTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    connectionTimeoutMillis: limits.acquireTimeoutMs,
  });
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor a checked-out client's between two queries (a transaction's connection when PostgreSQL stops):
  // the pool listens only while a client is idle. The work's next query fails instead, and the pool
  // drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle(pool, { schema });
  markCommits(db);
  return { db, pool, close: () => pool.end() };
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/**
 * Something to write inside the transaction that carries a request's effect, so the write commits or
 * rolls back with it. The idempotency hooks put one in scope for the request's handler; every
 * top-level transaction started in that scope runs it last. A throw rolls the transaction back.
 */
export interface CommitMarker {
  mark(tx: Tx): Promise<void>;
  /**
   * The idempotency claim `mark` stamps, for a writer that stamps it itself inside its one statement
   * (the trading batches, features/trading/batch-writes.ts) rather than through `mark`.
   */
  readonly claim: IdempotencyClaim;
}

/** A request's hold on its Idempotency-Key (platform/idempotency.ts). */
export interface IdempotencyClaim {
  readonly userId: string;
  readonly key: string;
  readonly token: string;
}

const markerScope = new AsyncLocalStorage<CommitMarker>();

export function runWithCommitMarker<T>(marker: CommitMarker, fn: () => T): T {
  return markerScope.run(marker, fn);
}

/** The commit marker of the request this code runs for, if any (to carry it to work done elsewhere). */
export function currentCommitMarker(): CommitMarker | undefined {
  return markerScope.getStore();
}

/**
 * Runs `fn` (and everything it starts) outside any request's commit marker: for a loop that one
 * request happens to start but that then works for many (a market's batches), whose transactions
 * must carry the markers of the commands they hold, not of whoever started the loop.
 */
export function withoutCommitMarker<T>(fn: () => T): T {
  return markerScope.exit(fn);
}

/**
 * Something built once per database handle and kept while the handle lives (a prepared query, a
 * coalesced reader): `perDatabase(build)(db)` builds it on a handle's first call and returns the same
 * one after.
 */
export function perDatabase<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    if (!built.has(db)) built.set(db, build(db));
    return built.get(db) as T;
  };
}

/** Whole tries of one transaction that deadlocked or failed serialization, before the error goes up. */
export const TRANSACTION_ATTEMPTS = 3;

/** Conflicts PostgreSQL resolves by aborting one side: running the same work again usually succeeds. */
const CONFLICT_CODES = new Set(['40001', '40P01']);

const insideScope = new AsyncLocalStorage<true>();
const noRetryScope = new AsyncLocalStorage<true>();

/** True while the caller runs inside a transaction's body (slow CPU work must not hold it open). */
export function insideTransaction(): boolean {
  return insideScope.getStore() === true;
}

/**
 * The same database, but its transactions run once: for work whose body changes memory that a
 * rollback does not restore (the matching loop rebuilds its books itself after a failed batch).
 */
export function withoutRetry(db: Db): Db {
  const once = Object.create(db) as Db;
  once.transaction = ((work, config) =>
    noRetryScope.run(true, () => db.transaction(work, config))) as Db['transaction'];
  return once;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every top-level transaction:
 * - ends by running the commit marker in scope, if any (an idempotent request's claim,
 *   platform/idempotency.ts), inside the same transaction: the marker commits exactly when the
 *   effect does. Nested transactions (savepoints) are left alone; their outer one marks.
 * - is run again, whole, when PostgreSQL aborted it for a deadlock or a serialization failure (up to
 *   TRANSACTION_ATTEMPTS tries, after a short random pause so the two sides do not meet again), and
 *   only then does the error reach the HTTP edge as 503. Every effect of a body is in the transaction
 *   (mail is sent and events published after commit), so a rolled-back try left nothing behind.
 *   Lock and statement timeouts are not retried: they already waited their full time.
 */
function markCommits(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const retry = noRetryScope.getStore() !== true;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await transaction(
          (tx) =>
            insideScope.run(true, async () => {
              const result = await work(tx);
              const marker = markerScope.getStore();
              if (marker) await marker.mark(tx);
              return result;
            }),
          config,
        );
      } catch (error) {
        if (!retry || attempt >= TRANSACTION_ATTEMPTS || !hasCode(error, CONFLICT_CODES)) throw error;
        await pause(5 + Math.random() * 20 * attempt);
      }
    }
  }) as Db['transaction'];
}

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  let current: unknown = error;
  // drizzle wraps the driver's error in `cause`.
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL failures that say "try again", not "this request is wrong": serialization failure,
 * deadlock (both after their retries), lock wait timeout, statement cancelled by its timeout. The
 * HTTP edge answers them 503 db_busy.
 */
const TRANSIENT_CODES = new Set(['40001', '40P01', '55P03', '57014']);

export function isTransientDbError(error: unknown): boolean {
  return hasCode(error, TRANSIENT_CODES);
}

/**
 * The database cannot be reached or went away (stopped, restarting, the network cut, no pooled
 * connection in time): the HTTP edge answers 503 db_unavailable, and the pool connects afresh once
 * PostgreSQL is back. Classes 08 (connection exception) and 57P01-57P03 (shutdown, cannot connect
 * now), the socket's own codes, and the driver's words for a dropped connection or acquire timeout.
 */
const UNAVAILABLE_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const UNAVAILABLE_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** PostgreSQL's Unix socket is missing while the cluster is down (the embedded cluster is reached through one). */
function isMissingPgSocket(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const { code, address, cause } = current as { code?: unknown; address?: unknown; cause?: unknown };
    if (code === 'ENOENT' && typeof address === 'string' && address.includes('.s.PGSQL.')) return true;
    current = cause;
  }
  return false;
}

export function isDbUnavailableError(error: unknown): boolean {
  if (hasCode(error, UNAVAILABLE_CODES) || isMissingPgSocket(error)) return true;
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth += 1) {
    if (UNAVAILABLE_WORDS.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
