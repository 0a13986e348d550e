import { messages as m, type NftStatusRequest } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { recordAdminAction } from '../audit/record-admin-action';
import { setItemStatus } from './nft.repository';

/**
 * POST /updateContentStatus: an admin shows (ACTIVE) or hides (HIDDEN) an item. A hidden item leaves
 * the marketplace and cannot be bought; its owner keeps it and still sees it under My NFTs. The
 * change and its audit line (with the status before) are one transaction.
 */
export async function updateNftStatus(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  adminId: string,
  request: NftStatusRequest,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const changed = await setItemStatus(tx, request.id, request.status, ctx.clock.now());
    if (!changed) throw new AppError('not_found', m.nftNotFound);
    await recordAdminAction(tx, {
      adminId,
      action: request.status === 'HIDDEN' ? 'NFT_HIDDEN' : 'NFT_ACTIVATED',
      targetUserId: changed.ownerId,
      details: { item: request.id, before: changed.before, after: request.status },
    });
  });
}
