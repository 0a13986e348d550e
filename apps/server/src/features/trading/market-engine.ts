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
import type { Tx } from '../../platform/db';
import type { CommandEffects } from './settle-events';
import {
  currentMarketSeq,
  lockMarket,
  nextMarketSeq,
  openLots,
  openOrdersOfMarket,
} from './trading.repository';

export interface MarketState {
  readonly rules: MarketRules;
  readonly units: MarketUnits;
  book: OrderBook;
  /** The market sequence number the in-memory book reflects; null when it must be rebuilt. */
  syncedSeq: bigint | null;
  queue: Promise<unknown>;
}

/** A market command: runs inside the command's transaction with the next sequence number. */
export type MarketCommand<T> = (
  tx: Tx,
  market: MarketState,
  seq: bigint,
) => Promise<{ result: T; effects?: CommandEffects }>;

/** Runs inside the command's transaction, after the command, with the book already moved. */
export type EffectsInTxListener = (tx: Tx, market: MarketState, effects: CommandEffects) => Promise<void>;

/** Runs after a command's transaction committed (synchronously, before the caller is answered). */
export type CommittedListener = (market: MarketState, effects: CommandEffects) => void;

/**
 * One serial matching loop per market. Commands on a market run one at a time through an in-process
 * promise chain; each runs in ONE transaction that first takes the market's transaction-level
 * advisory lock (pg_advisory_xact_lock), so several server processes never match one market at once,
 * then claims the market's next sequence number. If the stored sequence is not the one the in-memory
 * book reflects (another process ran a command, or an earlier transaction of ours rolled back after
 * the book had moved), the book is rebuilt from the open orders before the command applies. A command
 * whose transaction fails after it moved the book marks the book for rebuild; one refused before it
 * touched the book does not. Callers are answered only after the commit.
 *
 * The transaction-level lock was chosen over a session lock on a dedicated connection: it needs no
 * connection of its own, is released by every commit, rollback and crash, and a process that takes
 * it late simply finds the sequence moved and rebuilds.
 */
export class MarketEngine {
  private readonly markets = new Map<string, MarketState>();
  private readonly inTxListeners: EffectsInTxListener[] = [];
  private readonly committedListeners: CommittedListener[] = [];

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'logger'>) {
    for (const rules of MARKETS) {
      this.markets.set(rules.id, {
        rules,
        units: marketUnits(rules),
        book: new OrderBook(),
        syncedSeq: null,
        queue: Promise.resolve(),
      });
    }
  }

  /**
   * Listens to each command's effects inside its transaction (to NOTIFY, say, so it is sent only on
   * commit). A listener that throws fails the command.
   */
  onEffectsInTx(listener: EffectsInTxListener): void {
    this.inTxListeners.push(listener);
  }

  /** Hears each command's effects once its transaction committed (a committed depth snapshot, say). */
  onCommitted(listener: CommittedListener): void {
    this.committedListeners.push(listener);
  }

  market(marketId: string): MarketState | undefined {
    return findMarket(marketId) ? this.markets.get(marketId) : undefined;
  }

  private enqueue<T>(state: MarketState, job: () => Promise<T>): Promise<T> {
    const run = state.queue.then(job, job);
    state.queue = run.catch(() => undefined);
    return run;
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

  /** Runs one command on a market's loop; resolves after its transaction committed. */
  run<T>(marketId: string, command: MarketCommand<T>): Promise<T> {
    const state = this.markets.get(marketId);
    if (!state) throw new Error(`invariant violated: unknown market ${marketId}`);
    return this.enqueue(state, async () => {
      let claimed = 0n;
      try {
        const out = await this.ctx.db.transaction(async (tx) => {
          await lockMarket(tx, marketId);
          claimed = await nextMarketSeq(tx, marketId);
          if (state.syncedSeq !== claimed - 1n) await this.rebuild(tx, state, claimed - 1n);
          const result = await command(tx, state, claimed);
          if (result.effects)
            for (const listener of this.inTxListeners) await listener(tx, state, result.effects);
          return result;
        });
        state.syncedSeq = claimed;
        if (out.effects) for (const listener of this.committedListeners) listener(state, out.effects);
        return out.result;
      } catch (error) {
        // The rollback put the stored sequence back to claimed - 1. A command refused before it
        // applied anything to the book (an unknown order, a hold refused for funds) left the book
        // there too, so it stays in sync; only a book that moved (its lastSeq reached the claim) and
        // then failed to commit must be rebuilt from storage.
        if (claimed > 0n && state.book.lastSeq >= claimed) state.syncedSeq = null;
        throw error;
      }
    });
  }

  /** Brings a market's book up to date with storage without running a command (start-up, depth reads). */
  sync(marketId: string): Promise<MarketState> {
    const state = this.markets.get(marketId);
    if (!state) throw new Error(`invariant violated: unknown market ${marketId}`);
    return this.enqueue(state, async () => {
      await this.ctx.db.transaction(async (tx) => {
        await lockMarket(tx, marketId);
        const seq = await currentMarketSeq(tx, marketId);
        if (state.syncedSeq !== seq) await this.rebuild(tx, state, seq);
      });
      return state;
    });
  }

  async syncAll(): Promise<void> {
    await Promise.all([...this.markets.keys()].map((id) => this.sync(id)));
  }

  /** Waits for every queued command to finish (shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.markets.values()].map((s) => s.queue));
  }

  /** Throws the in-memory books away, as a restarted process would have none. */
  forgetBooks(): void {
    for (const state of this.markets.values()) {
      state.book = new OrderBook();
      state.syncedSeq = null;
    }
  }
}
