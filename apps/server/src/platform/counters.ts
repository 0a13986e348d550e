import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema';
import type { Clock } from './clock';
import type { Db, DbOrTx } from './db';

/**
 * Fixed-window counters in PostgreSQL, shared by every server process: a flood cannot evict them
 * (unlike an in-memory LRU) and a second process cannot hand out a fresh budget.
 */

export interface CounterState {
  /** Hits in the current window, this one included. */
  readonly count: number;
  readonly windowEndsAt: Date;
}

/**
 * Counts one hit on `key` (or `amount`, a budget of kibibytes say): a key whose window has ended
 * starts a new one of `windowMs` at `now`.
 */
export async function hitCounter(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
  amount = 1,
): Promise<CounterState> {
  const fresh = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimitCounters.windowEndsAt} <= ${now}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: amount, windowEndsAt: fresh })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${ended} THEN ${amount}::integer ELSE ${rateLimitCounters.count} + ${amount}::integer END`,
        windowEndsAt: sql`CASE WHEN ${ended} THEN excluded.window_ends_at ELSE ${rateLimitCounters.windowEndsAt} END`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt });
  if (!row) throw new Error('the counter upsert returned no row');
  return row;
}

/**
 * Counts `amount` on each of several keys in one statement (one round trip for a request that spends
 * from more than one budget); answers each key's state, in the order given.
 */
export async function hitCounters(
  db: DbOrTx,
  keys: readonly string[],
  windowMs: number,
  now: Date,
  amount = 1,
): Promise<CounterState[]> {
  const fresh = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimitCounters.windowEndsAt} <= ${now}`;
  const rows = await db
    .insert(rateLimitCounters)
    .values(keys.map((key) => ({ key, count: amount, windowEndsAt: fresh })))
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${ended} THEN ${amount}::integer ELSE ${rateLimitCounters.count} + ${amount}::integer END`,
        windowEndsAt: sql`CASE WHEN ${ended} THEN excluded.window_ends_at ELSE ${rateLimitCounters.windowEndsAt} END`,
      },
    })
    .returning({
      key: rateLimitCounters.key,
      count: rateLimitCounters.count,
      windowEndsAt: rateLimitCounters.windowEndsAt,
    });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => {
    const row = byKey.get(key);
    if (!row) throw new Error('the counter upsert returned no row');
    return row;
  });
}

/** The hits of `key`'s live window (0 when none is live), without counting one. */
export async function readCounter(db: DbOrTx, key: string, now: Date): Promise<CounterState> {
  const [row] = await db
    .select({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowEndsAt, now)));
  return row ?? { count: 0, windowEndsAt: now };
}

/** Drops counters whose window ended before `before`; answers how many went. */
export async function pruneCounters(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.windowEndsAt, before))
    .returning({ key: rateLimitCounters.key });
  return gone.length;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit on these counters. Each route's child store prefixes its keys with
 * the route, so the budgets of two routes never mix; limiters made with `createRateLimit` (no route)
 * put the route into their own key.
 */
export function pgRateLimitStore(db: Db, clock: Clock) {
  return class PgRateLimitStore {
    readonly namespace: string;
    // The plugin passes its merged route options; only `routeInfo` (method and URL) matters here.
    constructor(options: object = {}) {
      const route = (options as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      this.namespace = route?.url ? `rl:${route.method ?? ''} ${route.url}|` : 'rl:|';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const now = clock.now();
      hitCounter(db, `${this.namespace}${key}`, timeWindow, now).then(
        (state) =>
          callback(null, { current: state.count, ttl: state.windowEndsAt.getTime() - now.getTime() }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: IncrCallback): void {
      const now = clock.now();
      readCounter(db, `${this.namespace}${key}`, now).then(
        (state) =>
          callback(null, { current: state.count, ttl: state.windowEndsAt.getTime() - now.getTime() }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object) {
      return new PgRateLimitStore(routeOptions);
    }
  };
}
