import { findMarket, MARKETS, marketUnits, OrderBook, OrderLinks, StopBook } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type {
  BatchEffectsInTxListener,
  CommittedListener,
  Job,
  MarketCommand,
  MarketState,
  RoundWrittenListener,
} from './market-commands';
import { MarketQueues } from './market-queue';
import { MarketRounds } from './market-round';

export type {
  BatchEffectsInTxListener,
  CommittedListener,
  MarketCommand,
  MarketState,
} from './market-commands';

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
 *
 * The queues and their loop are in market-queue.ts; one round, its writing and its recovery in
 * market-round.ts. This class puts them together and is what the use cases call.
 */
export class MarketEngine {
  private readonly inTxListeners: BatchEffectsInTxListener[] = [];
  private readonly committedListeners: CommittedListener[] = [];
  private readonly writtenListeners: RoundWrittenListener[] = [];
  private readonly rounds: MarketRounds;
  private readonly queues: MarketQueues;

  constructor(ctx: Pick<AppContext, 'db' | 'logger' | 'config'>) {
    const states = MARKETS.map(
      (rules): MarketState => ({
        rules,
        units: marketUnits(rules),
        book: new OrderBook(),
        stops: new StopBook(),
        links: new OrderLinks(),
        lastPrice: null,
        syncedSeq: null,
      }),
    );
    this.rounds = new MarketRounds(ctx, {
      inTx: this.inTxListeners,
      committed: this.committedListeners,
      written: this.writtenListeners,
    });
    this.queues = new MarketQueues(states, ctx.config, (groups) => this.rounds.run(groups));
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

  /** Hears each round once its statement committed (its time and size, for the metrics). */
  onRoundWritten(listener: RoundWrittenListener): void {
    this.writtenListeners.push(listener);
  }

  market(marketId: string): MarketState | undefined {
    return findMarket(marketId) ? this.queues.find(marketId) : undefined;
  }

  /** How many commands wait in a market's queue (not counting the round running now). */
  waiting(marketId: string): number {
    return this.queues.waiting(marketId);
  }

  /**
   * Runs one command on a market's loop; resolves after its batch committed. `ahead` names whose open
   * orders and balances on this market, and which orders by id, the command will read, so the batch
   * reads them for all its commands at once instead of one command after another.
   */
  run<T>(
    marketId: string,
    command: MarketCommand<T>,
    ahead: Pick<Job, 'userIds' | 'orderIds' | 'marker' | 'newOrderId'> = {},
  ): Promise<T> {
    return this.queues.push<T>(marketId, { command: command as MarketCommand<unknown>, ...ahead });
  }

  /** Brings a market's book up to date with storage without running a command (start-up, depth reads). */
  sync(marketId: string): Promise<MarketState> {
    const state = this.queues.stateOf(marketId);
    return this.queues.push<MarketState>(marketId, {
      alone: async () => {
        await this.rounds.resync(state);
        return state;
      },
    });
  }

  async syncAll(): Promise<void> {
    await Promise.all(this.queues.marketIds().map((id) => this.sync(id)));
  }

  /** Waits for every queued command to finish (shutdown, tests). */
  async drain(): Promise<void> {
    await this.queues.drain();
  }

  /** Throws the in-memory books away, as a restarted process would have none. */
  forgetBooks(): void {
    for (const state of this.queues.states()) {
      state.book = new OrderBook();
      state.stops = new StopBook();
      state.links = new OrderLinks();
      state.lastPrice = null;
      state.syncedSeq = null;
    }
  }
}
