import { messages } from '@exchange/contracts';
import { DAY_MS } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { hitCounter, readCounter } from '../../platform/counters';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';

/**
 * The P2P budgets of one sender (P2P_* settings), in the shared PostgreSQL counters on ctx.clock, so
 * every server process enforces the same budget:
 * - recipient look-ups per minute: the look-up route and every transfer's recipient spend the same
 *   budget, before the users table is read, so neither route can enumerate accounts;
 * - transfer tries per minute, refused ones included;
 * - transfers made per day: counted inside the transfer's transaction, so a refused transfer costs
 *   nothing and a sender's receipt mails (one per transfer made) are bounded with it.
 */

type Budgets = Pick<AppContext, 'db' | 'clock' | 'config'>;

const MINUTE_MS = 60_000;

const lookupKey = (userId: string) => `p2p-lookup|user:${userId}`;
const tryKey = (userId: string) => `p2p-transfer|user:${userId}`;
const dayKey = (userId: string) => `p2p-transfer-day|user:${userId}`;

/** Spends one recipient look-up; 429 once the minute's are spent. Call it before reading the user. */
export async function spendRecipientLookup(ctx: Budgets, userId: string): Promise<void> {
  const spent = await hitCounter(ctx.db, lookupKey(userId), MINUTE_MS, ctx.clock.now());
  if (spent.count > ctx.config.p2pLimits.lookupsPerMinute) {
    throw new AppError('rate_limited', messages.p2pLookupTooFrequent);
  }
}

/**
 * Spends one transfer try, first thing in a transfer: 429 once the minute's tries are spent, or when
 * the day's transfers already are (read only: `countTransferMade` spends that one).
 */
export async function spendTransferTry(ctx: Budgets, userId: string): Promise<void> {
  const now = ctx.clock.now();
  const tries = await hitCounter(ctx.db, tryKey(userId), MINUTE_MS, now);
  if (tries.count > ctx.config.p2pLimits.transfersPerMinute) {
    throw new AppError('rate_limited', messages.p2pTransferTooFrequent);
  }
  const made = await readCounter(ctx.db, dayKey(userId), now);
  if (made.count >= ctx.config.p2pLimits.transfersPerDay) {
    throw new AppError('rate_limited', messages.p2pTransferDailyLimit);
  }
}

/**
 * Counts a transfer in its own transaction (pass `tx`), before anything else in it: the counter's row
 * lock queues the sender's parallel transfers there, so the daily budget holds exactly, and a transfer
 * that rolls back is not counted. Throws 429 (rolling the transfer back) past the day's budget.
 */
export async function countTransferMade(tx: DbOrTx, ctx: Budgets, userId: string): Promise<void> {
  const made = await hitCounter(tx, dayKey(userId), DAY_MS, ctx.clock.now());
  if (made.count > ctx.config.p2pLimits.transfersPerDay) {
    throw new AppError('rate_limited', messages.p2pTransferDailyLimit);
  }
}
