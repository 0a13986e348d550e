import { messages } from '@exchange/contracts';
import { decideStakeClose } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { UUID } from './create-stake';
import { stakeActionError, stakeState } from './stake-rejections';
import { changeStakeStatus, lockUserStake, type StakeRow } from './staking.repository';

/**
 * Close: the owner's matured ACTIVE stake becomes PENDING; the redemption job pays it once the one-day
 * redemption period has passed. The row is locked and its status change guarded, so of many parallel
 * Close requests exactly one succeeds and the rest get 'This stake is no longer active'. Another
 * user's stake answers 404, as if it did not exist.
 */
export async function closeStake(ctx: AppContext, userId: string, stakeId: string): Promise<StakeRow> {
  if (!UUID.test(stakeId)) throw new AppError('not_found', messages.stakeNotFound);
  return ctx.db.transaction(async (tx) => {
    const row = await lockUserStake(tx, userId, stakeId);
    if (!row) throw new AppError('not_found', messages.stakeNotFound);
    const decided = decideStakeClose(stakeState(row), ctx.clock.now());
    if (!decided.ok) throw stakeActionError(decided.code);
    const changed = await changeStakeStatus(tx, row.id, 'ACTIVE', {
      status: decided.value.status,
      redeemAt: decided.value.redeemAt,
    });
    if (!changed) throw new AppError('conflict', messages.stakeNotActive);
    return changed;
  });
}
