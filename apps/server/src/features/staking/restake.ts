import { randomUUID } from 'node:crypto';
import { messages } from '@exchange/contracts';
import { type AssetCode, decideRestake, stakeInterestPostings } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import { UUID } from './create-stake';
import { stakeActionError, stakeState } from './stake-rejections';
import { changeStakeStatus, insertStake, lockUserStake, type StakeRow } from './staking.repository';

/**
 * Restake: the owner's matured ACTIVE stake becomes CLOSED with its interest paid from the staking
 * pool straight into LOCKED, and a new ACTIVE stake of principal plus interest starts now on the same
 * terms, all in one transaction. A RESTAKE wallet transaction records the new stake as a stake's
 * opening one does (reference `stake:create:<new id>`), so the user's history explains the larger
 * locked balance and the admin's stake list finds the new stake's transaction. The principal never leaves LOCKED. The guarded status change, the
 * unique `restaked_from` and the entry's unique reference each make a second restake impossible.
 */
export async function restake(ctx: AppContext, userId: string, stakeId: string): Promise<StakeRow> {
  if (!UUID.test(stakeId)) throw new AppError('not_found', messages.stakeNotFound);
  return ctx.db.transaction(async (tx) => {
    const row = await lockUserStake(tx, userId, stakeId);
    if (!row) throw new AppError('not_found', messages.stakeNotFound);
    const decided = decideRestake(stakeState(row), ctx.clock.now());
    if (!decided.ok) throw stakeActionError(decided.code);
    const { interest, next } = decided.value;
    const closed = await changeStakeStatus(tx, row.id, 'ACTIVE', {
      status: decided.value.status,
      interest: interest.toString(),
    });
    if (!closed) throw new AppError('conflict', messages.stakeNotActive);
    let entryId: bigint | null = null;
    const postings = stakeInterestPostings(userId, row.asset as AssetCode, interest, 'LOCKED');
    if (postings.length > 0) {
      const posted = await postEntry(tx, {
        kind: 'STAKE_RESTAKE',
        reference: `stake:restake:${row.id}`,
        userId,
        postings,
        memo: { stake: row.id },
      });
      // The row lock and the guarded change make a second posting impossible; if it happens, it is a bug.
      if (!posted.ok) throw new Error(`restake of ${row.id} could not post: ${posted.code}`);
      entryId = posted.value.entryId;
    }
    const id = randomUUID();
    await upsertWalletTransaction(tx, {
      reference: `stake:create:${id}`,
      userId,
      event: { kind: 'restake', asset: row.asset as AssetCode, amount: next.principal },
      status: 'SUCCESS',
      entryId,
    });
    return insertStake(tx, {
      id,
      userId,
      optionId: row.optionId,
      asset: row.asset,
      principal: next.principal.toString(),
      apyBps: row.apyBps,
      days: next.days,
      startDate: next.startDate,
      endDate: next.endDate,
      status: 'ACTIVE',
      restakedFrom: row.id,
      entryId,
    });
  });
}
