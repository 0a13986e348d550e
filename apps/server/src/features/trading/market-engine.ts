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

/** A market's queue: its commands (and work that runs alone) in the order they arrived. */
interface Queue {
  readonly state: MarketState;
  readonly pending: Job[];
}

/** One market's part of a round: its leading commands, decided on its book. */
interface Group {
  readonly state: MarketState;
  readonly jobs: Job[];
}

/** Reruns after another process moved the market (3 ran out about once in 25 two-process runs). */
const MOVED_RETRIES = 8;

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
 * The markets' matching loop, with group commit across markets. Commands wait in their market's queue;
 * each round takes every market's waiting commands (up to MARKET_BATCH_MAX in all) and runs each
 * market's in order on its in-memory book, which reflects the market's stored sequence number
 * `syncedSeq`. Each command gets its market's next sequence number and reads and stages its writes
 * through the round's one BatchWrites, so a user trading on two markets in one round is checked
 * against one projected balance; one refused by the rules before it moved a book or staged anything
 * is answered with its refusal, without touching its neighbours. The round is then written by ONE
 * statement (`trading_write_batch`, its own transaction and one WAL flush for all of them) that locks
 * the markets' sequence rows, so several server processes never write one market at once, and writes
 * only if each still holds the number its book was decided on; only then is every caller answered.
 *
 * A round of several markets that fails in any way (a market another process moved, a balance spent
 * elsewhere meanwhile, a lost idempotency claim, a command that failed after moving a book) marks its
 * books for rebuild and runs each market's part again on its own. There, a market another process
 * moved is rebuilt from its open orders and its batch run again; anything else marks the book for
 * rebuild and its commands are retried one at a time, so one bad command cannot fail its neighbours.
 *
 * One loop for all markets, rather than one per market, is for the writes: an exchange whose traffic is
 * spread over many markets would otherwise write as many small batches, each paying a statement's and a
 * commit's fixed cost (measured in docs/performance.md, "One loop for all markets"). Checking the
 * sequence when writing, rather than locking the markets before deciding, was chosen for its round
 * trips: no BEGIN, lock and COMMIT of its own around every batch. A lock that ends with the statement
 * cannot outlive a crash, and a process that runs late simply finds the sequence moved and rebuilds.
 */
export class MarketEngine {
  private readonly queues = new Map<string, Queue>();
  private readonly inTxListeners: BatchEffectsInTxListener[] = [];
  private readonly committedListeners: CommittedListener[] = [];
  /** Whether the loop runs; set and cleared synchronously with the queues' check. */
  private active = false;
  private running: Promise<void> = Promise.resolve();
  /** Where the next round starts taking commands, so no market waits behind the others for long. */
  private nextStart = 0;

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'logger' | 'config'>) {
    for (const rules of MARKETS) {
      const state: MarketState = { rules, units: marketUnits(rules), book: new OrderBook(), syncedSeq: null };
      this.queues.set(rules.id, { state, pending: [] });
    }
  }

  /**
   * Listens to a market's batch effects before they are written (to NOTIFY once per market and round
   * with its writes, say, so it is sent only on commit). A listener that throws fails the batch, whose
   * commands are then retried singly.
   */
  onBatchEffectsInTx(listener: BatchEffectsInTxListener): void {
    this.inTxListeners.push(listener);
  }

  /** Hears each command's effects once its batch committed (a committed depth snapshot, say). */
  onCommitted(listener: CommittedListener): void {
    this.committedListeners.push(listener);
  }

  market(marketId: string): MarketState | undefined {
    return findMarket(marketId) ? this.queues.get(marketId)?.state : undefined;
  }

  /** How many commands wait in a market's queue (not counting the round running now). */
  waiting(marketId: string): number {
    return this.queueOf(marketId).pending.length;
  }

  private queueOf(marketId: string): Queue {
    const queue = this.queues.get(marketId);
    if (!queue) throw new Error(`invariant violated: unknown market ${marketId}`);
    return queue;
  }

  private enqueue<T>(marketId: string, job: Omit<Job, 'resolve' | 'reject'>): Promise<T> {
    const queue = this.queueOf(marketId);
    return new Promise<T>((resolve, reject) => {
      const marker = job.command ? currentCommitMarker() : undefined;
      queue.pending.push({ ...job, marker, resolve: resolve as (value: unknown) => void, reject });
      // A command pushed while the loop is finishing is never left behind (see `active`). The loop
      // works for every request that queues on it, so it runs outside the scope of the one that
      // started it (each batch marks its own commands).
      if (!this.active) {
        this.active = true;
        this.running = withoutCommitMarker(() => this.drainLoop());
      }
    });
  }

  /** The markets' queues in this round's order: each round starts one market further on. */
  private rotation(): Queue[] {
    const all = [...this.queues.values()];
    const start = this.nextStart % all.length;
    this.nextStart = start + 1;
    return [...all.slice(start), ...all.slice(0, start)];
  }

  private async drainLoop(): Promise<void> {
    for (;;) {
      const order = this.rotation();
      // Work that runs alone (a sync) first, where it heads its market's queue: it comes after that
      // market's earlier commands and before its later ones.
      for (const queue of order) {
        const head = queue.pending[0];
        if (!head?.alone) continue;
        queue.pending.shift();
        try {
          head.resolve(await head.alone());
        } catch (error) {
          head.reject(error);
        }
      }
      const groups: Group[] = [];
      let room = this.ctx.config.marketBatchMax;
      for (const queue of order) {
        let n = 0;
        while (n < queue.pending.length && n < room && queue.pending[n]!.command) n += 1;
        if (n === 0) continue;
        groups.push({ state: queue.state, jobs: queue.pending.splice(0, n) });
        room -= n;
        if (room === 0) break;
      }
      if (groups.length === 0) {
        if (order.every((queue) => queue.pending.length === 0)) {
          this.active = false;
          return;
        }
        continue;
      }
      try {
        await this.runBatch(groups);
      } catch (error) {
        // runBatch answers every job itself; this is a last guard so the loop never stops.
        for (const { state, jobs } of groups) {
          state.syncedSeq = null;
          for (const job of jobs) job.reject(error);
        }
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
   * One round: each market's commands decided on its book and the reads as they are now, then all of
   * them written by one statement that checks every market still stands where its book was read (see
   * BatchWrites.flush). A round of several markets that fails runs each market's part again on its
   * own; a market another process moved meanwhile is rebuilt and its batch run again (at most
   * MOVED_RETRIES times); any other failure of one market's batch retries its commands singly.
   */
  private async runBatch(groups: readonly Group[], attempt = 1): Promise<void> {
    type Outcome = { ok: true; result: unknown; effects?: CommandEffects } | { ok: false; error: unknown };
    const outcomes: Outcome[][] = groups.map(() => []);
    const stored: bigint[] = [];
    const committed: bigint[] = [];
    try {
      for (const { state } of groups) stored.push(state.syncedSeq ?? (await this.resync(state)));
      const writes = new BatchWrites(this.ctx.db);
      await writes.prefetch(
        groups.map(({ state, jobs }) => ({
          marketId: state.rules.id,
          assets: [state.rules.base, state.rules.quote],
          userIds: jobs.flatMap((job) => job.userIds ?? []),
        })),
      );
      const orderIds = groups.flatMap(({ jobs }) => jobs.flatMap((job) => job.orderIds ?? []));
      if (orderIds.length > 0) await writes.loadOrders(orderIds);
      const markets: { id: string; expectedSeq: bigint; seq: bigint }[] = [];
      for (const [g, { state, jobs }] of groups.entries()) {
        let seq = stored[g]!;
        let applied = 0;
        for (const job of jobs) {
          seq += 1n;
          const claimed = seq;
          const staged = writes.staged;
          try {
            const out = await job.command!(state, claimed, writes);
            outcomes[g]!.push({ ok: true, ...out });
            applied += 1;
          } catch (error) {
            // Refused before it applied anything to the book or staged a write (an unknown order, a
            // hold refused for funds): the batch is as it was, so it goes on. A book that moved (its
            // lastSeq reached the claim) or staged writes cannot be taken back alone.
            if (state.book.lastSeq >= claimed || writes.staged !== staged)
              throw new BookMovedThenFailed(error);
            outcomes[g]!.push({ ok: false, error });
          }
        }
        committed.push(applied > 0 ? seq : stored[g]!);
        if (applied === 0) continue;
        markets.push({ id: state.rules.id, expectedSeq: stored[g]!, seq });
        const effects = outcomes[g]!.flatMap((o) => (o.ok && o.effects ? [o.effects] : []));
        if (effects.length > 0) for (const listener of this.inTxListeners) listener(writes, state, effects);
      }
      if (markets.length > 0) {
        // Each applied command's idempotency claim is stamped with its effect (a lost claim fails the
        // batch, and the retry alone then refuses only that command).
        const claims = groups.flatMap(({ jobs }, g) =>
          jobs.flatMap((job, i) => (outcomes[g]![i]?.ok && job.marker ? [job.marker.claim] : [])),
        );
        await writes.flush({ markets, claims });
      }
    } catch (error) {
      // Nothing was written, but the books may have moved.
      for (const { state } of groups) state.syncedSeq = null;
      if (groups.length > 1) {
        this.ctx.logger.warn(
          { err: error, markets: groups.length },
          'round failed; writing each market alone',
        );
        for (const group of groups) await this.runBatch([group]);
        return;
      }
      await this.recover(groups[0]!, error, stored[0], attempt);
      return;
    }
    for (const [g, { state, jobs }] of groups.entries()) {
      state.syncedSeq = committed[g]!;
      outcomes[g]!.forEach((outcome, i) => {
        const job = jobs[i]!;
        if (!outcome.ok) {
          job.reject(outcome.error);
          return;
        }
        if (outcome.effects) for (const listener of this.committedListeners) listener(state, outcome.effects);
        job.resolve(outcome.result);
      });
    }
  }

  /**
   * One market's batch failed with nothing written. A book another process left behind can also fail
   * a command outright (it fills an order storage already shows filled): whenever the market moved
   * meanwhile, the batch runs again on a rebuilt book; otherwise its commands run one at a time.
   */
  private async recover(group: Group, error: unknown, stored: bigint | undefined, attempt: number) {
    const marketId = group.state.rules.id;
    const moved =
      error instanceof MarketMovedMeanwhile ||
      (stored !== undefined && (await this.storedSequence(marketId).catch(() => stored)) !== stored);
    if (moved && attempt < MOVED_RETRIES) {
      await this.runBatch([group], attempt + 1);
      return;
    }
    const { jobs } = group;
    if (jobs.length === 1) {
      jobs[0]!.reject(answerFor(error instanceof BookMovedThenFailed ? error.cause : error));
      return;
    }
    this.ctx.logger.warn({ err: error, marketId, commands: jobs.length }, 'batch failed; retrying singly');
    for (const job of jobs) await this.runBatch([{ state: group.state, jobs: [job] }]);
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
    const { state } = this.queueOf(marketId);
    return this.enqueue<MarketState>(marketId, {
      alone: async () => {
        await this.resync(state);
        return state;
      },
    });
  }

  async syncAll(): Promise<void> {
    await Promise.all([...this.queues.keys()].map((id) => this.sync(id)));
  }

  /** Waits for every queued command to finish (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.active) await this.running;
  }

  /** Throws the in-memory books away, as a restarted process would have none. */
  forgetBooks(): void {
    for (const { state } of this.queues.values()) {
      state.book = new OrderBook();
      state.syncedSeq = null;
    }
  }
}
