import type { MarketRules, MarketUnits, OrderBook, OrderLinks, PriceTicks, StopBook } from '@exchange/domain';
import type { CommitMarker } from '../../platform/db';
import type { BatchWrites } from './batch-writes';
import type { CommandEffects } from './settle-events';

/** What the market engine's queue and its rounds share: a market's book and the commands run on it. */
export interface MarketState {
  readonly rules: MarketRules;
  readonly units: MarketUnits;
  book: OrderBook;
  /** The stops waiting off the book and the OCO pairs (issue 48), rebuilt with the book. */
  stops: StopBook;
  links: OrderLinks;
  /** The last trade price, which stops are checked against; null before the market's first trade. */
  lastPrice: PriceTicks | null;
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

/** Runs after each round's statement committed: how long it took and how many commands it wrote. */
export type RoundWrittenListener = (round: { readonly seconds: number; readonly commands: number }) => void;

export interface Job {
  readonly command?: MarketCommand<unknown>;
  /** The idempotency mark of the request that sent the command, written in its batch's transaction. */
  readonly marker?: CommitMarker;
  /** Whose orders and balances the command will read (the batch reads them ahead, together). */
  readonly userIds?: readonly string[];
  /**
   * The order the command places with an API record: a batch refused because that record's client id
   * is taken (ClientOrderIdTaken) answers this command alone, and writes the others again without it.
   */
  readonly newOrderId?: string;
  /** Which orders the command will read by id (a cancel's), read ahead with the batch's others. */
  readonly orderIds?: readonly string[];
  /** Work that runs alone, between batches (a sync). */
  readonly alone?: () => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** One market's part of a round: its leading commands, decided on its book. */
export interface Group {
  readonly state: MarketState;
  readonly jobs: Job[];
}
