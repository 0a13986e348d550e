import type { Config } from '../../platform/config';
import type { Group, Job, MarketState } from './market-commands';

/** A market's queue: its commands (and work that runs alone) in the order they arrived. */
interface Queue {
  readonly state: MarketState;
  readonly pending: Job[];
}

/** Runs one round's groups and answers every job in them (see MarketRounds.run). */
export type RunRound = (groups: readonly Group[]) => Promise<void>;

/**
 * The markets' queues and the one loop that drains them: commands wait in their market's queue; each
 * round takes every market's waiting commands (up to MARKET_BATCH_MAX in all), starting one market
 * further on each time so no market waits behind the others for long, and hands them to `runRound`.
 * Work that runs alone (a sync) runs between rounds, where it heads its market's queue.
 */
export class MarketQueues {
  private readonly queues = new Map<string, Queue>();
  /** Whether the loop runs; set and cleared synchronously with the queues' check. */
  private active = false;
  private running: Promise<void> = Promise.resolve();
  /** Where the next round starts taking commands, so no market waits behind the others for long. */
  private nextStart = 0;

  constructor(
    states: readonly MarketState[],
    private readonly config: Pick<Config, 'marketBatchMax'>,
    private readonly runRound: RunRound,
  ) {
    for (const state of states) this.queues.set(state.rules.id, { state, pending: [] });
  }

  /** A market's state, or undefined when there is no such market. */
  find(marketId: string): MarketState | undefined {
    return this.queues.get(marketId)?.state;
  }

  /** A market's state; the market must exist. */
  stateOf(marketId: string): MarketState {
    return this.queueOf(marketId).state;
  }

  marketIds(): string[] {
    return [...this.queues.keys()];
  }

  states(): MarketState[] {
    return [...this.queues.values()].map((queue) => queue.state);
  }

  /** How many commands wait in a market's queue (not counting the round running now). */
  waiting(marketId: string): number {
    return this.queueOf(marketId).pending.length;
  }

  /**
   * Queues a command or work that runs alone; resolves with its answer. A command's `marker` (its
   * request's idempotency claim, if any) is stamped by the batch that writes it.
   */
  push<T>(marketId: string, job: Omit<Job, 'resolve' | 'reject'>): Promise<T> {
    const queue = this.queueOf(marketId);
    return new Promise<T>((resolve, reject) => {
      queue.pending.push({ ...job, resolve: resolve as (value: unknown) => void, reject });
      // A command pushed while the loop is finishing is never left behind (see `active`).
      if (!this.active) {
        this.active = true;
        this.running = this.drainLoop();
      }
    });
  }

  /** Waits for every queued command to finish (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.active) await this.running;
  }

  private queueOf(marketId: string): Queue {
    const queue = this.queues.get(marketId);
    if (!queue) throw new Error(`invariant violated: unknown market ${marketId}`);
    return queue;
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
      let room = this.config.marketBatchMax;
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
        await this.runRound(groups);
      } catch (error) {
        // runRound answers every job itself; this is a last guard so the loop never stops.
        for (const { state, jobs } of groups) {
          state.syncedSeq = null;
          for (const job of jobs) job.reject(error);
        }
      }
    }
  }
}
