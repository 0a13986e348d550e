import { messages } from '@exchange/contracts';
import {
  findMarket,
  MARKETS,
  type MarketRules,
  type MarketUnits,
  marketUnits,
  OrderBook,
  type PriceTicks,
  type QuantityLots,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { type CommitMarker, currentCommitMarker, type Tx, withoutCommitMarker } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { BatchDebitRefused, BatchWrites, MarketMovedMeanwhile } from './batch-writes';
import type { CommandEffects } from './settle-events';
import {
  currentMarketSequence,
  lockMarketSequence,
  openLots,
  openOrdersOfMarket,
} from './trading.repository';

export interface MarketState {
  readonly rules: MarketRules;
  readonly units: MarketUnits;
  book: OrderBook;
  /** The market sequence number the in-memory book reflects; null when it must be rebuilt. */
  syncedSeq: bigint | null;
}

/**
 * A market command: runs inside the batch's transaction with its sequence number. It reads and stages
 * its writes through `writes` (written together when the batch commits), and stages nothing before
 * its last refusal, so a refused command leaves the batch as it was.
 */
export type MarketCommand<T> = (
  market: MarketState,
  seq: bigint,
  writes: BatchWrites,
) => Promise<{ result: T; effects?: CommandEffects }>;

/**
 * Runs once per batch after its last command, with the book already moved: the effects of every
 * command that applied, in order; what it stages (notifications, say) is written with the batch.
 */
export type BatchEffectsInTxListener = (
  writes: BatchWrites,
  market: MarketState,
  effects: readonly CommandEffects[],
) => void;

/** Runs after a command's batch committed (synchronously, before the caller is answered). */
export type CommittedListener = (market: MarketState, effects: CommandEffects) => void;

interface Job {
  readonly command?: MarketCommand<unknown>;
  /** The idempotency mark of the request that sent the command, written in its batch's transaction. */
  readonly marker?: CommitMarker;
  /** Whose orders and balances the command will read (the batch reads them ahead, together). */
  readonly userIds?: readonly string[];
  /** Which orders the command will read by id (a cancel's), read ahead with the batch's others. */
  readonly orderIds?: readonly string[];
  /** Work that runs alone, between batches (a sync). */
  readonly alone?: () => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

interface Loop {
  readonly pending: Job[];
  active: boolean;
  running: Promise<void>;
}

/** How many times a batch runs again after another process moved its market meanwhile. */
const MOVED_RETRIES = 3;

/**
 * A command failed after it moved the book or staged writes: the batch cannot commit without it, so
 * it is retried singly.
 */
class BookMovedThenFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('a command failed after it moved the book');
  }
}

/**
 * A command alone whose conditional debit failed at commit: its balance was spent elsewhere between
 * the batch's read and its locked update, so at the moment of truth it was not covered; answered as
 * the rules answer a hold the balance does not cover.
 */
function answerFor(error: unknown): unknown {
  return error instanceof BatchDebitRefused
    ? new AppError('insufficient_funds', messages.insufficientAmount)
    : error;
}

/**
 * One serial matching loop per market, with group commit. Commands wait in the market's queue; the
 * loop takes every waiting command (up to MARKET_BATCH_MAX) and runs them in order on the in-memory
 * book, which reflects the market's stored sequence number `syncedSeq`. Each command gets the next
 * sequence number and reads and stages its writes through the batch's BatchWrites; one refused by the
 * rules before it moved the book or staged anything is answered with its refusal, without touching
 * its neighbours. The batch is then written by ONE statement (`trading_write_batch`, its own
 * transaction and one WAL flush for all of them) that locks the market's sequence row, so several
 * server processes never write one market at once, and writes only if the row still holds the number
 * the book was decided on; only then is every caller answered. A market another process moved
 * meanwhile is rebuilt from its open orders and the batch run again. A batch refused at the moment of
 * truth (a balance spent elsewhere meanwhile, a lost idempotency claim), or holding a command that
 * failed after moving the book, marks the book for rebuild and its commands are retried one at a time,
 * so one bad command cannot fail its neighbours.
 *
 * Checking the sequence when writing, rather than locking the market before deciding, was chosen for
 * its round trips: no BEGIN, lock and COMMIT of its own around every batch. A lock that ends with the
 * statement cannot outlive a crash, and a process that runs late simply finds the sequence moved and
 * rebuilds.
 */
export class MarketEngine {
  private readonly markets = new Map<string, MarketState>();
  private readonly loops = new Map<string, Loop>();
  private readonly inTxListeners: BatchEffectsInTxListener[] = [];
  private readonly committedListeners: CommittedListener[] = [];

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'logger' | 'config'>) {
    for (const rules of MARKETS) {
      this.markets.set(rules.id, {
        rules,
        units: marketUnits(rules),
        book: new OrderBook(),
        syncedSeq: null,
      });
      this.loops.set(rules.id, { pending: [], active: false, running: Promise.resolve() });
    }
  }

  /**
   * Listens to a batch's effects before it is written (to NOTIFY once per batch with its writes, say,
   * so it is sent only on commit). A listener that throws fails the batch, whose commands are then
   * retried singly.
   */
  onBatchEffectsInTx(listener: BatchEffectsInTxListener): void {
    this.inTxListeners.push(listener);
  }

  /** Hears each command's effects once its batch committed (a committed depth snapshot, say). */
  onCommitted(listener: CommittedListener): void {
    this.committedListeners.push(listener);
  }

  market(marketId: string): MarketState | undefined {
    return findMarket(marketId) ? this.markets.get(marketId) : undefined;
  }

  /** How many commands wait in a market's queue (not counting the batch running now). */
  waiting(marketId: string): number {
    return this.stateOf(marketId)[1].pending.length;
  }

  private stateOf(marketId: string): [MarketState, Loop] {
    const state = this.markets.get(marketId);
    const loop = this.loops.get(marketId);
    if (!state || !loop) throw new Error(`invariant violated: unknown market ${marketId}`);
    return [state, loop];
  }

  private enqueue<T>(marketId: string, job: Omit<Job, 'resolve' | 'reject'>): Promise<T> {
    const [state, loop] = this.stateOf(marketId);
    return new Promise<T>((resolve, reject) => {
      const marker = job.command ? currentCommitMarker() : undefined;
      loop.pending.push({ ...job, marker, resolve: resolve as (value: unknown) => void, reject });
      // `active` is set and cleared synchronously with the queue check, so a command pushed while the
      // loop is finishing is never left behind. The loop works for every request that queues on it,
      // so it runs outside the scope of the one that started it (each batch marks its own commands).
      if (!loop.active) {
        loop.active = true;
        loop.running = withoutCommitMarker(() => this.drainLoop(state, loop));
      }
    });
  }

  private async drainLoop(state: MarketState, loop: Loop): Promise<void> {
    for (;;) {
      const head = loop.pending[0];
      if (!head) {
        loop.active = false;
        return;
      }
      if (head.alone) {
        loop.pending.shift();
        try {
          head.resolve(await head.alone());
        } catch (error) {
          head.reject(error);
        }
        continue;
      }
      let n = 0;
      while (n < loop.pending.length && n < this.ctx.config.marketBatchMax && loop.pending[n]!.command)
        n += 1;
      const jobs = loop.pending.splice(0, n);
      try {
        await this.runBatch(state, jobs);
      } catch (error) {
        // runBatch answers every job itself; this is a last guard so the loop never stops.
        state.syncedSeq = null;
        for (const job of jobs) job.reject(error);
      }
    }
  }

  private async rebuild(tx: Tx, state: MarketState, seq: bigint): Promise<void> {
    const open = await openOrdersOfMarket(tx, state.rules.id);
    const book = new OrderBook();
    book.restore(
      open.map((o) => ({
        orderId: o.id,
        userId: o.userId,
        side: o.side,
        price: o.priceTicks as PriceTicks,
        remaining: openLots(o) as QuantityLots,
        seq: o.seq,
      })),
    );
    state.book = book;
    state.syncedSeq = seq;
  }

  private async storedSequence(marketId: string): Promise<bigint> {
    return currentMarketSequence(this.ctx.db, marketId);
  }

  /** Brings the book up to the stored sequence (rebuilt from open orders when it is not there). */
  private async resync(state: MarketState): Promise<bigint> {
    return this.ctx.db.transaction(async (tx) => {
      const seq = await lockMarketSequence(tx, state.rules.id);
      if (state.syncedSeq !== seq) await this.rebuild(tx, state, seq);
      return seq;
    });
  }

  /**
   * One batch: decided on the book and the reads as they are now, then written by one statement that
   * checks the market still stands where the book was read (see BatchWrites.flush). A market another
   * process moved meanwhile is rebuilt and the same batch run again (at most MOVED_RETRIES times).
   */
  private async runBatch(state: MarketState, jobs: Job[], attempt = 1): Promise<void> {
    const marketId = state.rules.id;
    type Outcome = { ok: true; result: unknown; effects?: CommandEffects } | { ok: false; error: unknown };
    const outcomes: Outcome[] = [];
    let committedSeq = 0n;
    let stored: bigint | undefined;
    try {
      stored = state.syncedSeq ?? (await this.resync(state));
      let seq = stored;
      let applied = 0;
      const writes = new BatchWrites(this.ctx.db);
      const userIds = jobs.flatMap((job) => job.userIds ?? []);
      if (userIds.length > 0) await writes.prefetch(marketId, [state.rules.base, state.rules.quote], userIds);
      const orderIds = jobs.flatMap((job) => job.orderIds ?? []);
      if (orderIds.length > 0) await writes.loadOrders(orderIds);
      for (const job of jobs) {
        seq += 1n;
        const claimed = seq;
        const staged = writes.staged;
        try {
          const out = await job.command!(state, claimed, writes);
          outcomes.push({ ok: true, ...out });
          applied += 1;
        } catch (error) {
          // Refused before it applied anything to the book or staged a write (an unknown order, a
          // hold refused for funds): the batch is as it was, so it goes on. A book that moved (its
          // lastSeq reached the claim) or staged writes cannot be taken back alone.
          if (state.book.lastSeq >= claimed || writes.staged !== staged) throw new BookMovedThenFailed(error);
          outcomes.push({ ok: false, error });
        }
      }
      committedSeq = applied > 0 ? seq : stored;
      if (applied > 0) {
        const effects = outcomes.flatMap((o) => (o.ok && o.effects ? [o.effects] : []));
        if (effects.length > 0) for (const listener of this.inTxListeners) listener(writes, state, effects);
        // Each applied command's idempotency claim is stamped with its effect (a lost claim fails the
        // batch, and the retry alone then refuses only that command).
        const claims = jobs.flatMap((job, i) => (outcomes[i]?.ok && job.marker ? [job.marker.claim] : []));
        await writes.flush({ market: { id: marketId, expectedSeq: stored, seq }, claims });
      }
    } catch (error) {
      // Nothing was written, but the book may have moved. A book another process left behind can also
      // fail a command outright (it fills an order storage already shows filled): whenever the market
      // moved meanwhile, the batch runs again on a rebuilt book.
      state.syncedSeq = null;
      const moved =
        error instanceof MarketMovedMeanwhile ||
        (stored !== undefined && (await this.storedSequence(marketId).catch(() => stored)) !== stored);
      if (moved && attempt < MOVED_RETRIES) {
        await this.runBatch(state, jobs, attempt + 1);
        return;
      }
      if (jobs.length === 1) {
        jobs[0]!.reject(answerFor(error instanceof BookMovedThenFailed ? error.cause : error));
        return;
      }
      this.ctx.logger.warn({ err: error, marketId, commands: jobs.length }, 'batch failed; retrying singly');
      for (const job of jobs) await this.runBatch(state, [job]);
      return;
    }
    state.syncedSeq = committedSeq;
    outcomes.forEach((outcome, i) => {
      const job = jobs[i]!;
      if (!outcome.ok) {
        job.reject(outcome.error);
        return;
      }
      if (outcome.effects) for (const listener of this.committedListeners) listener(state, outcome.effects);
      job.resolve(outcome.result);
    });
  }

  /**
   * Runs one command on a market's loop; resolves after its batch committed. `ahead` names whose open
   * orders and balances on this market, and which orders by id, the command will read, so the batch
   * reads them for all its commands at once instead of one command after another.
   */
  run<T>(
    marketId: string,
    command: MarketCommand<T>,
    ahead: { userIds?: readonly string[]; orderIds?: readonly string[] } = {},
  ): Promise<T> {
    return this.enqueue<T>(marketId, { command: command as MarketCommand<unknown>, ...ahead });
  }

  /** Brings a market's book up to date with storage without running a command (start-up, depth reads). */
  sync(marketId: string): Promise<MarketState> {
    const [state] = this.stateOf(marketId);
    return this.enqueue<MarketState>(marketId, {
      alone: async () => {
        await this.resync(state);
        return state;
      },
    });
  }

  async syncAll(): Promise<void> {
    await Promise.all([...this.markets.keys()].map((id) => this.sync(id)));
  }

  /** Waits for every queued command to finish (shutdown, tests). */
  async drain(): Promise<void> {
    for (;;) {
      const active = [...this.loops.values()].filter((l) => l.active);
      if (active.length === 0) return;
      await Promise.all(active.map((l) => l.running));
    }
  }

  /** Throws the in-memory books away, as a restarted process would have none. */
  forgetBooks(): void {
    for (const state of this.markets.values()) {
      state.book = new OrderBook();
      state.syncedSeq = null;
    }
  }
}
