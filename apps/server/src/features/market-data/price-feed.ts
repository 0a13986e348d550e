import {
  type AssetCode,
  type PendingJump,
  type PricePoint,
  screenPriceTick,
  type TickScreenPolicy,
} from '@exchange/domain';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock';
import type { Database, Db } from '../../platform/db';
import type { PriceSource, RejectedTicks } from '../../platform/prices';
import { createScheduler, type ScheduledJob } from '../../platform/scheduled-jobs';
import { pruneCandles, recordReferenceCandles } from './candles.repository';
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

/** The scheduled job that writes prices: its name keys the advisory lock that picks the writer. */
export const PRICE_FEED_JOB = 'price-feed';

/**
 * Raw history is kept for two days: 24 h change and the one-day chart need one, the rest is slack.
 * The candle charts keep their own buckets longer (reference_candles, see CANDLE_KEEP_S).
 */
const KEEP_MS = 2 * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * The server's reference prices. Several processes may share one database: the process leading the
 * 'price-feed' scheduled job (platform/scheduled-jobs.ts: an advisory lock) asks the providers on every tick, stores the answer in price_ticks (one multi-row
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
  /** Ticks this process refused while writing, per asset and reason. */
  rejectedTicks(): readonly RejectedTicks[];
}

export interface PriceFeedDeps {
  readonly database: Database;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly providers: readonly PriceProvider[];
  readonly tickMs: number;
  /** The tick screen (config PRICE_MAX_JUMP_PERCENT, PRICE_JUMP_CONFIRM_TICKS); 20% and 3 ticks if unset. */
  readonly priceJump?: TickScreenPolicy;
}

const DEFAULT_JUMP: TickScreenPolicy = { maxJumpBps: 2_000n, confirmTicks: 3 };

export function createPriceFeed(deps: PriceFeedDeps): PriceFeed {
  const { clock, logger, providers } = deps;
  const assets: AssetCode[] = FEED_ASSETS.filter((asset) => providers.some((p) => p.assets.includes(asset)));
  const order = new Map<AssetCode, number>(FEED_ASSETS.map((asset, index) => [asset, index]));
  const latest = new Map<AssetCode, PricePoint>();
  // The writer's screen state: a jump waiting for confirmation per asset, and what it refused so far.
  const pendingJumps = new Map<AssetCode, PendingJump>();
  const rejected = new Map<string, RejectedTicks>();
  const jumpPolicy = deps.priceJump ?? DEFAULT_JUMP;
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

  function countRejected(asset: AssetCode, reason: string): void {
    const key = `${asset}/${reason}`;
    rejected.set(key, { asset, reason, count: (rejected.get(key)?.count ?? 0) + 1 });
  }

  function sorted(points: Iterable<PricePoint>): PricePoint[] {
    return [...points].sort((a, b) => (order.get(a.asset) ?? 0) - (order.get(b.asset) ?? 0));
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
      const filled = rows.map(({ asset, usd, at }) => ({ asset, usd, at }));
      await db.transaction(async (tx) => {
        await insertTicks(tx, rows);
        await recordReferenceCandles(tx, latest, filled);
      });
      remember(filled);
      logger.info({ source: provider.source, points: rows.length }, 'price feed: history back-filled');
    }
  }

  async function writeTick(db: Db, now: Date): Promise<void> {
    if (!historyReady) {
      await prepareHistory(db, now);
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
      for (const tick of answer.value) {
        if (!provider.assets.includes(tick.asset) || (tick.at && tick.at > now)) continue;
        const known = latest.get(tick.asset);
        // A provider repeating an old quote adds nothing: the price keeps its original time.
        if (known && tick.at && tick.at <= known.at) continue;
        const screen = screenPriceTick(known, pendingJumps.get(tick.asset) ?? null, tick, jumpPolicy);
        if (screen.pending) pendingJumps.set(tick.asset, screen.pending);
        else pendingJumps.delete(tick.asset);
        if (screen.use) {
          if (tick.at) rows.push({ asset: tick.asset, usd: tick.usd, at: tick.at, source: provider.source });
          continue;
        }
        countRejected(tick.asset, screen.reason);
        logger.warn(
          {
            source: provider.source,
            asset: tick.asset,
            usd: tick.usd.toString(),
            at: tick.at,
            lastUsd: known?.usd.toString(),
            reason: screen.reason,
            confirmations: screen.pending?.count,
          },
          'price feed: tick not used; serving the last good price',
        );
      }
    });
    if (rows.length > 0) {
      const fresh = rows.map(({ asset, usd, at }) => ({ asset, usd, at }));
      await db.transaction(async (tx) => {
        await insertTicks(tx, rows);
        await recordReferenceCandles(tx, latest, fresh);
        const merged = new Map(latest);
        for (const point of fresh) merged.set(point.asset, point);
        const opens = await pricesAt(tx, [...merged.keys()], new Date(now.getTime() - DAY_MS));
        await notify(tx, PRICE_TICK_CHANNEL, JSON.stringify(tickersOf(sorted(merged.values()), opens)));
      });
      remember(fresh);
    }
    if (now.getTime() - lastPruneMs >= PRUNE_EVERY_MS) {
      await pruneTicks(db, new Date(now.getTime() - KEEP_MS));
      await pruneCandles(db, now);
      lastPruneMs = now.getTime();
    }
  }

  // The shared helper picks the one writer among the processes; this feed drives it from its own timer,
  // because every process (writer or not) must also refresh its prices on each tick.
  const writerJob: ScheduledJob = {
    name: PRICE_FEED_JOB,
    everyMs: deps.tickMs,
    run: (now) => writeTick(deps.database.db, now),
    onLead() {
      historyReady = false;
      logger.info('price feed: this process now writes prices');
    },
  };
  const scheduler = createScheduler({ pool: deps.database.pool, logger, clock });
  scheduler.schedule(writerJob);

  async function runTick(): Promise<void> {
    if (stopped) return;
    if (await scheduler.runOnce(PRICE_FEED_JOB)) return;
    if (scheduler.isLeader(PRICE_FEED_JOB)) return;
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
    rejectedTicks() {
      return [...rejected.values()];
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
      await scheduler.stop();
    },
    isWriter() {
      return scheduler.isLeader(PRICE_FEED_JOB);
    },
  };
  return feed;
}
