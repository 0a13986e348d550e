import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { driverErrorWhere } from './driver-error';

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
 * rolls back with it. The idempotency hooks give a request's handler a database handle carrying one
 * (`withCommitMarker`); every top-level transaction started on that handle runs it last. A throw rolls
 * the transaction back.
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

/**
 * What a database handle's top-level transactions do besides their work: whether one that PostgreSQL
 * aborted for a conflict is run again, and which request's commit marker they run last. Kept on the
 * handle itself (handles are derived with `Object.create`, so a derived one reads its own), never in
 * an AsyncLocalStorage: on Node 20 any AsyncLocalStorage turns on promise hooks for every promise of
 * the process, whose own frames alone were 3-4 % of the server's thread under a market maker's orders
 * (docs/performance.md, "The promise hooks of AsyncLocalStorage").
 */
interface HandleOptions {
  readonly retry: boolean;
  readonly marker?: CommitMarker;
}

const DEFAULTS: HandleOptions = { retry: true };
/**
 * Kept on the handles as properties (a derived handle's own shadow its parent's), not in WeakMaps, so
 * a wrapper around a handle (a test's Proxy) still reads them.
 */
const OPTIONS = Symbol('transaction options');
/** Drizzle's own `transaction` of the database a handle was derived from. */
const PLAIN = Symbol('plain transaction');

interface MarkedHandle {
  [OPTIONS]?: HandleOptions;
  [PLAIN]?: Db['transaction'];
}

const optionsOf = (db: DbOrTx): HandleOptions | undefined => (db as MarkedHandle)[OPTIONS];

/** A handle on the same database whose top-level transactions run with `patch` over `db`'s options. */
function derive(db: Db, patch: Partial<HandleOptions>): Db {
  const plain = (db as MarkedHandle)[PLAIN];
  if (!plain) throw new Error('invariant violated: a database handle that connect() did not make');
  const options = { ...(optionsOf(db) ?? DEFAULTS), ...patch };
  const derived = Object.create(db) as Db & MarkedHandle;
  derived[OPTIONS] = options;
  (derived as { transaction: Db['transaction'] }).transaction = transactionWith(plain, options);
  return derived;
}

/**
 * The same database, but every top-level transaction started on it also runs `marker` last, inside
 * itself: the marker commits exactly when the effect does. For an idempotent request's handler
 * (platform/idempotency.ts); work queued elsewhere (a market's loop, the instant desk) takes the
 * marker from the handle it was given (`commitMarkerOf`) and marks its own batches.
 */
export function withCommitMarker(db: Db, marker: CommitMarker): Db {
  return derive(db, { marker });
}

/** The commit marker a handle's transactions run, if any (to carry it to work done elsewhere). */
export function commitMarkerOf(db: DbOrTx): CommitMarker | undefined {
  return optionsOf(db)?.marker;
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

/**
 * True when called, directly or through awaited calls, from a top-level transaction's body: a probe
 * for tests that check slow CPU work (argon2) never runs while a transaction is open. It reads the
 * call's stack (V8 keeps the awaited callers), so it costs a stack trace: tests only. Code that must
 * know whether its own reads are a transaction's asks `isTransaction(db)`.
 */
export function insideTransaction(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return /\btransactionBody\b/.test(stack);
}

/** Whether `db` is a transaction's handle (its reads are its own) rather than the pooled database. */
export function isTransaction(db: DbOrTx): boolean {
  return (db as MarkedHandle)[PLAIN] === undefined;
}

/**
 * The same database, but its transactions run once: for work whose body changes memory that a
 * rollback does not restore (the matching loop rebuilds its books itself after a failed batch).
 */
export function withoutRetry(db: Db): Db {
  return derive(db, { retry: false });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every top-level transaction:
 * - ends by running its handle's commit marker, if any (an idempotent request's claim,
 *   platform/idempotency.ts), inside the same transaction: the marker commits exactly when the
 *   effect does. Nested transactions (savepoints) are left alone; their outer one marks.
 * - is run again, whole, when PostgreSQL aborted it for a deadlock or a serialization failure (up to
 *   TRANSACTION_ATTEMPTS tries, after a short random pause so the two sides do not meet again), and
 *   only then does the error reach the HTTP edge as 503. Every effect of a body is in the transaction
 *   (mail is sent and events published after commit), so a rolled-back try left nothing behind.
 *   Lock and statement timeouts are not retried: they already waited their full time.
 */
function markCommits(db: Db): void {
  const plain = db.transaction.bind(db) as Db['transaction'];
  const handle = db as Db & MarkedHandle;
  handle[PLAIN] = plain;
  handle[OPTIONS] = DEFAULTS;
  db.transaction = transactionWith(plain, DEFAULTS);
}

function transactionWith(plain: Db['transaction'], options: HandleOptions): Db['transaction'] {
  const { retry, marker } = options;
  return (async (work, config) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // Named for insideTransaction's probe.
        return await plain(async function transactionBody(tx) {
          const result = await work(tx);
          if (marker) await marker.mark(tx);
          return result;
        }, config);
      } catch (error) {
        if (!retry || attempt >= TRANSACTION_ATTEMPTS || !hasCode(error, CONFLICT_CODES)) throw error;
        await pause(5 + Math.random() * 20 * attempt);
      }
    }
  }) as Db['transaction'];
}

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  return (
    driverErrorWhere(error, (c): c is { code: string } => typeof c.code === 'string' && codes.has(c.code)) !==
    undefined
  );
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
