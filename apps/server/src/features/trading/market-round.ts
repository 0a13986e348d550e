import { messages } from '@exchange/contracts';
import { OrderBook, OrderLinks, type PriceTicks, type QuantityLots, StopBook } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { BatchDebitRefused, ClientOrderIdTaken, MarketMovedMeanwhile } from './batch-statement';
import { BatchWrites } from './batch-writes';
import type {
  BatchEffectsInTxListener,
  CommittedListener,
  Group,
  Job,
  MarketState,
  RoundWrittenListener,
} from './market-commands';
import { RoundCarry } from './round-carry';
import type { CommandEffects } from './settle-events';
import { isWaitingStop, lastTradePrice } from './stop-rows';
import {
  currentMarketSequence,
  lockMarketSequence,
  openLots,
  openOrdersOfMarket,
} from './trading.repository';

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

/** Where a round's listeners are kept: the engine adds to them, every round calls them. */
export interface RoundListeners {
  readonly inTx: readonly BatchEffectsInTxListener[];
  readonly committed: readonly CommittedListener[];
  readonly written: readonly RoundWrittenListener[];
}

/**
 * Hands a committed round's answers to their callers once the loop has sent its next round to
 * PostgreSQL. Answered at once, the callers' replies (serialising each and writing it out, a few
 * milliseconds for a round of a market maker's commands) ran before the loop built its next round,
 * and PostgreSQL waited for them every round; now they run while it writes that round. An answer is
 * a value the round settled (records are copied, never changed in place), so it reads the same later.
 */
function answerAfterNextRoundIsSent(answers: Array<() => void>): void {
  if (answers.length === 0) return;
  // After the promise jobs that build and send the next round, and after the poll phase.
  setImmediate(() => {
    for (const answer of answers) answer();
  });
}

/**
 * Runs the market engine's rounds (see MarketEngine): decides each market's commands on its book,
 * writes the round with one statement, answers its callers, and recovers a round that failed; also
 * brings a book up to its stored sequence.
 */
export class MarketRounds {
  /** What the last committed round knew, for the next (RoundCarry); cleared by any failure or rebuild. */
  private readonly carry = new RoundCarry();

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'logger'>,
    private readonly listeners: RoundListeners,
  ) {}

  /** Brings the book up to the stored sequence (rebuilt from open orders when it is not there). */
  async resync(state: MarketState): Promise<bigint> {
    return this.ctx.db.transaction(async (tx) => {
      const seq = await lockMarketSequence(tx, state.rules.id);
      if (state.syncedSeq !== seq) await this.rebuild(tx, state, seq);
      return seq;
    });
  }

  private async rebuild(tx: Tx, state: MarketState, seq: bigint): Promise<void> {
    // The market moved without us (another process, a restart): what we carried may be out of date.
    this.carry.clear();
    const all = await openOrdersOfMarket(tx, state.rules.id);
    // Waiting stops stay off the book (issue 48); OCO pairs are linked while both legs are open.
    const stops = new StopBook();
    const links = new OrderLinks();
    const legs = new Map<string, string>();
    for (const o of all) {
      if (isWaitingStop(o))
        stops.add({
          orderId: o.id,
          userId: o.userId,
          side: o.side,
          kind: o.stopKind!,
          stopPrice: o.stopPriceTicks! as PriceTicks,
          seq: o.seq,
          price: o.priceTicks as PriceTicks,
          quantity: openLots(o) as QuantityLots,
          // A stop-market enters as the IOC order at its cap that its row's price holds.
          timeInForce: o.stopTimeInForce === 'market' ? 'ioc' : (o.stopTimeInForce ?? 'gtc'),
        });
      if (!o.orderListId) continue;
      const other = legs.get(o.orderListId);
      if (other) links.link(o.orderListId, o.userId, other, o.id);
      else legs.set(o.orderListId, o.id);
    }
    const open = all.filter((o) => !isWaitingStop(o));
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
    state.stops = stops;
    state.links = links;
    state.lastPrice = (await lastTradePrice(tx, state.rules.id)) as PriceTicks | null;
    state.syncedSeq = seq;
  }

  private async storedSequence(marketId: string): Promise<bigint> {
    return currentMarketSequence(this.ctx.db, marketId);
  }

  /**
   * One round: each market's commands decided on its book and the reads as they are now, then all of
   * them written by one statement that checks every market still stands where its book was read (see
   * BatchWrites.flush). A round of several markets that fails runs each market's part again on its
   * own; a market another process moved meanwhile is rebuilt and its batch run again (at most
   * MOVED_RETRIES times); any other failure of one market's batch retries its commands singly.
   */
  async run(groups: readonly Group[], attempt = 1): Promise<void> {
    type Outcome = { ok: true; result: unknown; effects?: CommandEffects } | { ok: false; error: unknown };
    const outcomes: Outcome[][] = groups.map(() => []);
    const stored: bigint[] = [];
    const committed: bigint[] = [];
    let written: Parameters<RoundWrittenListener>[0] | undefined;
    try {
      for (const { state } of groups) stored.push(state.syncedSeq ?? (await this.resync(state)));
      const writes = new BatchWrites(this.ctx.db, this.carry);
      const orderIds = groups.flatMap(({ jobs }) => jobs.flatMap((job) => job.orderIds ?? []));
      // The round's two reads ahead run at once, on two of the pool's connections: the loop is the
      // one queue every command of the process waits in (one account's too), and measured it spent
      // about a third of each round waiting for these two round trips one after the other. They
      // fill different parts of `writes` (balances and open-order counts; orders by id) and are
      // unlocked reads, as before; a failure of either fails the round as before.
      await Promise.all([
        writes.prefetch(
          groups.map(({ state, jobs }) => ({
            marketId: state.rules.id,
            assets: [state.rules.base, state.rules.quote],
            userIds: jobs.flatMap((job) => job.userIds ?? []),
          })),
        ),
        orderIds.length > 0 ? writes.loadOrders(orderIds) : undefined,
      ]);
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
            // Stops a command triggered entered the book with sequence numbers after its own.
            if (state.book.lastSeq > seq) seq = state.book.lastSeq;
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
        if (effects.length > 0) for (const listener of this.listeners.inTx) listener(writes, state, effects);
      }
      if (markets.length > 0) {
        // Each applied command's idempotency claim is stamped with its effect (a lost claim fails the
        // batch, and the retry alone then refuses only that command).
        const claims = groups.flatMap(({ jobs }, g) =>
          jobs.flatMap((job, i) => (outcomes[g]![i]?.ok && job.marker ? [job.marker.claim] : [])),
        );
        const started = performance.now();
        await writes.flush({ markets, claims });
        written = {
          seconds: (performance.now() - started) / 1000,
          commands: outcomes.reduce((n, group) => n + group.filter((o) => o.ok).length, 0),
        };
        this.carry.absorb(writes.left());
      }
    } catch (error) {
      // Nothing was written, but the books may have moved.
      for (const { state } of groups) state.syncedSeq = null;
      this.carry.clear();
      if (error instanceof ClientOrderIdTaken && (await this.withoutTaken(groups, error, attempt))) return;
      if (groups.length > 1) {
        this.ctx.logger.warn(
          { err: error, markets: groups.length },
          'round failed; writing each market alone',
        );
        for (const group of groups) await this.run([group]);
        return;
      }
      await this.recover(groups[0]!, error, stored[0], attempt);
      return;
    }
    if (written) for (const listener of this.listeners.written) listener(written);
    const answers: Array<() => void> = [];
    for (const [g, { state, jobs }] of groups.entries()) {
      state.syncedSeq = committed[g]!;
      outcomes[g]!.forEach((outcome, i) => {
        const job = jobs[i]!;
        if (!outcome.ok) {
          answers.push(() => job.reject(outcome.error));
          return;
        }
        // The committed listeners read the book as this round left it, so they run now, before the
        // next round moves it.
        if (outcome.effects)
          for (const listener of this.listeners.committed) listener(state, outcome.effects);
        answers.push(() => job.resolve(outcome.result));
      });
    }
    answerAfterNextRoundIsSent(answers);
  }

  /**
   * A round refused because some of its new orders' client ids are already held: the round's other
   * commands run again together, on books rebuilt from storage, and then those commands are answered
   * with the refusal (their callers look up the order that holds the id, which may be one of the
   * others). False when no command of the round placed one of those orders (the usual recovery then
   * runs).
   */
  private async withoutTaken(groups: readonly Group[], error: ClientOrderIdTaken, attempt: number) {
    const taken = new Set(error.orderIds);
    const isTaken = (job: Job) => job.newOrderId !== undefined && taken.has(job.newOrderId);
    if (!groups.some(({ jobs }) => jobs.some(isTaken))) return false;
    const rest = groups
      .map(({ state, jobs }) => ({ state, jobs: jobs.filter((job) => !isTaken(job)) }))
      .filter(({ jobs }) => jobs.length > 0);
    if (rest.length > 0) await this.run(rest, attempt);
    // After the others are written: an id an earlier command of this round held is stored now.
    for (const { jobs } of groups) for (const job of jobs) if (isTaken(job)) job.reject(error);
    return true;
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
      await this.run([group], attempt + 1);
      return;
    }
    const { jobs } = group;
    if (jobs.length === 1) {
      jobs[0]!.reject(answerFor(error instanceof BookMovedThenFailed ? error.cause : error));
      return;
    }
    this.ctx.logger.warn({ err: error, marketId, commands: jobs.length }, 'batch failed; retrying singly');
    for (const job of jobs) await this.run([{ state: group.state, jobs: [job] }]);
  }
}
