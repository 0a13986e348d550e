import type { AssetCode, PricePoint } from '@exchange/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Logger } from 'pino';
import * as schema from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Database, Db } from '../../platform/db';
import type { PriceSource } from '../../platform/prices';
import {
  dropOtherSources,
  insertTicks,
  newestTicks,
  notify,
  pricesAt,
  pruneTicks,
  type TickRow,
} from './market-data.repository';
import { DAY_MS, FEED_ASSETS, HISTORY_STEP_MS, type PriceProvider } from './price-provider';
import { tickersOf } from './tickers';

/** NOTIFY channel of every stored tick; its payload is the ticker list the WebSocket channel pushes. */
export const PRICE_TICK_CHANNEL = 'price_tick';

/** Session advisory lock held by the one process that writes prices; any fixed number unique to it. */
export const PRICE_FEED_LOCK_KEY = '7200400100';

/** History is kept for two days: 24 h change and the one-day chart need one, the rest is slack. */
const KEEP_MS = 2 * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * The server's reference prices. Several processes may share one database: the process holding the
 * advisory lock asks the providers on every tick, stores the answer in price_ticks (one multi-row
 * INSERT) and NOTIFYs 'price_tick' in the same transaction; every other process reads the newest ticks
 * from the table on its own ticks and takes over the lock if the writer goes away. `latest` answers
 * from memory, with each price's original time, so a provider outage shows as staleness.
 */
export interface PriceFeed extends PriceSource {
  /** First tick (claims the lock, back-fills, stores the first prices), then one every tickMs. */
  start(options?: { timers?: boolean }): Promise<void>;
  /** One tick now; ticks never overlap. Failures are logged and leave the last good prices in place. */
  tick(): Promise<void>;
  stop(): Promise<void>;
  /** Whether this process holds the writer lock. */
  isWriter(): boolean;
}

export interface PriceFeedDeps {
  readonly database: Database;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly providers: readonly PriceProvider[];
  readonly tickMs: number;
}

interface Writer {
  readonly client: pg.PoolClient;
  readonly db: Db;
  readonly onError: (error: Error) => void;
}

export function createPriceFeed(deps: PriceFeedDeps): PriceFeed {
  const { clock, logger, providers } = deps;
  const assets: AssetCode[] = FEED_ASSETS.filter((asset) => providers.some((p) => p.assets.includes(asset)));
  const order = new Map<AssetCode, number>(FEED_ASSETS.map((asset, index) => [asset, index]));
  const latest = new Map<AssetCode, PricePoint>();
  let writer: Writer | null = null;
  let historyReady = false;
  let lastPruneMs = Number.NEGATIVE_INFINITY;
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  /** Keeps the newer of what is known and what arrived. */
  function remember(points: Iterable<PricePoint>): void {
    for (const point of points) {
      const known = latest.get(point.asset);
      if (!known || point.at.getTime() > known.at.getTime()) latest.set(point.asset, point);
    }
  }

  function sorted(points: Iterable<PricePoint>): PricePoint[] {
    return [...points].sort((a, b) => (order.get(a.asset) ?? 0) - (order.get(b.asset) ?? 0));
  }

  async function claimWriter(): Promise<void> {
    if (writer) return;
    const client = await deps.database.pool.connect();
    const onError = (error: Error) => loseWriter(error);
    client.on('error', onError);
    let locked = false;
    try {
      const result = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1::bigint) AS locked',
        [PRICE_FEED_LOCK_KEY],
      );
      locked = result.rows[0]?.locked === true;
    } catch (error) {
      client.removeListener('error', onError);
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    if (!locked) {
      client.removeListener('error', onError);
      client.release();
      return;
    }
    writer = { client, db: drizzle(client, { schema }) as unknown as Db, onError };
    historyReady = false;
    logger.info('price feed: this process now writes prices');
  }

  /** Destroys the lock's connection: PostgreSQL then frees the lock for another process. */
  function loseWriter(error: unknown): void {
    const current = writer;
    if (!current) return;
    writer = null;
    current.client.removeListener('error', current.onError);
    current.client.release(error instanceof Error ? error : true);
    logger.error({ err: error }, 'price feed: lost the writer lock');
  }

  /** On becoming the writer: drop another provider's history, load what is stored, fill the gap. */
  async function prepareHistory(db: Db, now: Date): Promise<void> {
    for (const provider of providers) await dropOtherSources(db, provider.assets, provider.source);
    remember((await newestTicks(db, assets)).values());
    const windowStart = now.getTime() - DAY_MS;
    for (const provider of providers) {
      const since = new Map<AssetCode, Date>();
      for (const asset of provider.assets) {
        const from = Math.max(latest.get(asset)?.at.getTime() ?? windowStart, windowStart);
        if (now.getTime() - from >= HISTORY_STEP_MS) since.set(asset, new Date(from));
      }
      if (since.size === 0) continue;
      let points: PricePoint[];
      try {
        points = await provider.history({ now, since, last: latest });
      } catch (error) {
        logger.warn(
          { err: error, source: provider.source },
          'price feed: back-fill failed; history fills from live ticks',
        );
        continue;
      }
      const rows = points
        .filter((p) => since.has(p.asset) && p.usd > 0n && p.at > since.get(p.asset)! && p.at < now)
        .map((p) => ({ ...p, source: provider.source }));
      await insertTicks(db, rows);
      remember(rows.map(({ asset, usd, at }) => ({ asset, usd, at })));
      logger.info({ source: provider.source, points: rows.length }, 'price feed: history back-filled');
    }
  }

  async function writeTick(current: Writer, now: Date): Promise<void> {
    if (!historyReady) {
      await prepareHistory(current.db, now);
      historyReady = true;
    }
    const answers = await Promise.allSettled(providers.map((provider) => provider.latest(now, latest)));
    const rows: TickRow[] = [];
    answers.forEach((answer, index) => {
      const provider = providers[index]!;
      if (answer.status === 'rejected') {
        logger.warn(
          { err: answer.reason, source: provider.source },
          'price provider failed; serving last good prices',
        );
        return;
      }
      for (const point of answer.value) {
        const known = latest.get(point.asset);
        const usable = provider.assets.includes(point.asset) && point.usd > 0n && point.at <= now;
        // A provider repeating an old quote adds nothing: the price keeps its original time.
        if (usable && (!known || point.at > known.at)) rows.push({ ...point, source: provider.source });
      }
    });
    if (rows.length > 0) {
      const fresh = rows.map(({ asset, usd, at }) => ({ asset, usd, at }));
      await current.db.transaction(async (tx) => {
        await insertTicks(tx, rows);
        const merged = new Map(latest);
        for (const point of fresh) merged.set(point.asset, point);
        const opens = await pricesAt(tx, [...merged.keys()], new Date(now.getTime() - DAY_MS));
        await notify(tx, PRICE_TICK_CHANNEL, JSON.stringify(tickersOf(sorted(merged.values()), opens)));
      });
      remember(fresh);
    }
    if (now.getTime() - lastPruneMs >= PRUNE_EVERY_MS) {
      await pruneTicks(current.db, new Date(now.getTime() - KEEP_MS));
      lastPruneMs = now.getTime();
    }
  }

  async function runTick(): Promise<void> {
    if (stopped) return;
    const now = clock.now();
    try {
      await claimWriter();
    } catch (error) {
      logger.warn({ err: error }, 'price feed: could not try the writer lock');
    }
    const current = writer;
    if (current) {
      try {
        await writeTick(current, now);
      } catch (error) {
        loseWriter(error);
      }
      return;
    }
    try {
      remember((await newestTicks(deps.database.db, assets)).values());
    } catch (error) {
      logger.warn({ err: error }, 'price feed: could not read the newest prices');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void feed.tick().then(schedule);
    }, deps.tickMs);
    // The HTTP server keeps the process alive; a pending tick must not.
    timer.unref();
  }

  const feed: PriceFeed = {
    latest(asset) {
      return latest.get(asset);
    },
    tick() {
      chain = chain.then(runTick, runTick);
      return chain;
    },
    async start(options = {}) {
      stopped = false;
      await feed.tick();
      if (options.timers ?? true) schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
      const current = writer;
      if (!current) return;
      writer = null;
      current.client.removeListener('error', current.onError);
      try {
        await current.client.query('SELECT pg_advisory_unlock($1::bigint)', [PRICE_FEED_LOCK_KEY]);
        current.client.release();
      } catch (error) {
        current.client.release(error instanceof Error ? error : true);
      }
    },
    isWriter() {
      return writer !== null;
    },
  };
  return feed;
}
