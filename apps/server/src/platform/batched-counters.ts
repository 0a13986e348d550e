import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rateLimitCounters } from '../db/schema';
import type { Clock } from './clock';
import type { CounterState } from './counters';
import type { DbOrTx } from './db';

/**
 * Fixed-window counters counted in this process's memory and shared through the PostgreSQL counters
 * (platform/counters.ts) in batches: a hit is decided at once on what this process knows, with no
 * statement of its own, and every `flushEveryMs` while hits come in one statement adds this process's
 * new hits to the shared rows and brings back what every process has spent.
 *
 * The bound: a process counts its own hits exactly and learns the other processes' hits at its next
 * flush, so with N processes a budget can be overshot by at most what the other N - 1 processes let
 * through in one flush interval (plus the statement's time). With one process it is exact.
 *
 * Counting every hit straight in PostgreSQL (hitCounters) made each request a commit that waits on the
 * WAL flush and, for one busy address, on one row's lock: the Binance-compatible API's requests queued
 * on it (docs/performance.md, "Trading API").
 */
export interface BatchedCounters {
  /** Counts `amount` on each key; answers each key's state as this process knows it, in the order given. */
  hit(keys: readonly string[], amount: number): CounterState[];
  /** Writes the hits not yet shared (tests, shutdown). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

interface Window {
  endsAt: number;
  /** The shared count as of this process's last flush (its own flushed hits included). */
  shared: number;
  /** Hits being written by the flush running now. */
  flushing: number;
  /** Hits not yet written. */
  pending: number;
}

/**
 * Adds each key's amount to its shared counter (a key whose window ended starts a new one of
 * `windowMs` at `now`), in one statement; answers each key's count and window end.
 */
export async function addToCounters(
  db: DbOrTx,
  amounts: ReadonlyMap<string, number>,
  windowMs: number,
  now: Date,
): Promise<Map<string, CounterState>> {
  const fresh = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimitCounters.windowEndsAt} <= ${now}`;
  const rows = await db
    .insert(rateLimitCounters)
    .values([...amounts].map(([key, count]) => ({ key, count, windowEndsAt: fresh })))
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${ended} THEN excluded.count ELSE ${rateLimitCounters.count} + excluded.count END`,
        windowEndsAt: sql`CASE WHEN ${ended} THEN excluded.window_ends_at ELSE ${rateLimitCounters.windowEndsAt} END`,
      },
    })
    .returning({
      key: rateLimitCounters.key,
      count: rateLimitCounters.count,
      windowEndsAt: rateLimitCounters.windowEndsAt,
    });
  return new Map(rows.map(({ key, ...state }) => [key, state]));
}

export function createBatchedCounters(options: {
  db: DbOrTx;
  clock: Clock;
  logger: Logger;
  windowMs: number;
  flushEveryMs: number;
}): BatchedCounters {
  const { db, clock, logger, windowMs, flushEveryMs } = options;
  const windows = new Map<string, Window>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  function schedule(): void {
    if (timer || running || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, flushEveryMs);
    timer.unref();
  }

  async function writeOnce(): Promise<void> {
    const now = clock.now();
    const sent = new Map<string, { window: Window; amount: number }>();
    for (const [key, window] of windows) {
      if (window.pending > 0) {
        sent.set(key, { window, amount: window.pending });
        window.flushing += window.pending;
        window.pending = 0;
      } else if (window.flushing === 0 && window.endsAt <= now.getTime()) windows.delete(key);
    }
    if (sent.size === 0) return;
    let states: Map<string, CounterState>;
    try {
      const amounts = new Map([...sent].map(([key, { amount }]) => [key, amount]));
      states = await addToCounters(db, amounts, windowMs, now);
    } catch (error) {
      // Kept for the next flush: the hits still count here, and are shared once a write succeeds.
      for (const { window, amount } of sent.values()) {
        window.flushing -= amount;
        window.pending += amount;
      }
      logger.warn({ err: error }, 'sharing request counters failed; retrying');
      return;
    }
    for (const [key, { window, amount }] of sent) {
      window.flushing -= amount;
      const state = states.get(key);
      // A window that ended here meanwhile was replaced: the new one starts from its own hits.
      if (!state || windows.get(key) !== window) continue;
      window.shared = state.count;
      window.endsAt = state.windowEndsAt.getTime();
    }
  }

  function flush(): Promise<void> {
    running ??= writeOnce().finally(() => {
      running = null;
      if ([...windows.values()].some((window) => window.pending > 0)) schedule();
    });
    return running;
  }

  return {
    hit(keys, amount) {
      const now = clock.now().getTime();
      const states = keys.map((key) => {
        let window = windows.get(key);
        // Hits of a window that ended are dropped with it, shared or not: they no longer count.
        if (!window || window.endsAt <= now) {
          window = { endsAt: now + windowMs, shared: 0, flushing: 0, pending: 0 };
          windows.set(key, window);
        }
        window.pending += amount;
        return {
          count: window.shared + window.flushing + window.pending,
          windowEndsAt: new Date(window.endsAt),
        };
      });
      schedule();
      return states;
    },
    async flush() {
      await running;
      await flush();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await flush();
    },
  };
}
