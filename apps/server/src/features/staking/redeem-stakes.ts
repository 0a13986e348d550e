import { type AssetCode, decideStakeRedemption, stakeRedemptionPostings } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import { stakeState } from './stake-rejections';
import { changeStakeStatus, dueStakeIds, lockStakeUnlessTaken } from './staking.repository';

/** How many due stakes one run pays; the rest wait for the next run. */
const REDEEM_BATCH = 200;
export const STAKE_REDEMPTION_JOB = 'stake-redemption';
export const STAKE_REDEMPTION_EVERY_MS = 60_000;

/**
 * Pays one PENDING stake whose redemption is due, in its own transaction: lock the row (SKIP LOCKED,
 * so a racing run moves on), decide, move it to SUCCESS only if it is still PENDING, and post the
 * payout under the unique reference `stake:redeem:<id>`. Whatever races on it (two processes, a
 * crashed run retried), the stake is paid once. Returns whether this call paid it.
 */
async function redeemOne(ctx: Pick<AppContext, 'db'>, stakeId: string, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockStakeUnlessTaken(tx, stakeId);
    if (!row) return false;
    const decided = decideStakeRedemption(stakeState(row), now);
    if (!decided.ok) return false;
    const changed = await changeStakeStatus(tx, row.id, 'PENDING', {
      status: decided.value.status,
      interest: decided.value.interest.toString(),
    });
    if (!changed) return false;
    const asset = row.asset as AssetCode;
    const reference = `stake:redeem:${row.id}`;
    const posted = await postEntry(tx, {
      kind: 'STAKE_REDEEM',
      reference,
      userId: row.userId,
      postings: stakeRedemptionPostings(row.userId, asset, BigInt(row.principal), decided.value.interest),
      memo: { stake: row.id },
    });
    // A PENDING stake always has its principal in LOCKED and has never been paid: anything else is a bug.
    if (!posted.ok) throw new Error(`redemption of ${row.id} could not post: ${posted.code}`);
    await upsertWalletTransaction(tx, {
      reference,
      userId: row.userId,
      event: { kind: 'stake_redeem', asset, amount: decided.value.payout },
      status: 'SUCCESS',
      entryId: posted.value.entryId,
    });
    return true;
  });
}

/** Pays every stake whose redemption is due at `now`; returns how many this run paid. */
export async function redeemDueStakes(ctx: Pick<AppContext, 'db' | 'logger'>, now: Date): Promise<number> {
  let paid = 0;
  for (const id of await dueStakeIds(ctx.db, now, REDEEM_BATCH)) {
    if (await redeemOne(ctx, id, now)) paid += 1;
  }
  if (paid > 0) ctx.logger.info({ paid }, 'stakes redeemed');
  return paid;
}

/** The redemption as a scheduled job: one process runs it (see platform/scheduled-jobs.ts). */
export function stakeRedemptionJob(ctx: Pick<AppContext, 'db' | 'logger'>): ScheduledJob {
  return {
    name: STAKE_REDEMPTION_JOB,
    everyMs: STAKE_REDEMPTION_EVERY_MS,
    run: async (now) => {
      await redeemDueStakes(ctx, now);
    },
  };
}
