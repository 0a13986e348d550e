import { messages as m, type NftDetail } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { findNftItem, listItemSales } from './nft.repository';
import { toNftDetail } from './nft-view';

/** How many past sales an item's price history shows. */
export const NFT_HISTORY_SIZE = 50;

/**
 * POST /nftDetailById: an item with its description, owner, price history and token. A hidden item is
 * shown only to its owner and to admins; to anyone else it answers like a missing one. Other customers
 * read the owner's name masked (nft-view.ts); admins read it whole.
 */
export async function getNftDetail(
  ctx: Pick<AppContext, 'db' | 'config'>,
  viewer: { userId: string; role: 'USER' | 'ADMIN' },
  id: string,
): Promise<NftDetail> {
  const item = await findNftItem(ctx.db, id);
  if (!item || (item.status === 'HIDDEN' && viewer.role !== 'ADMIN' && item.ownerId !== viewer.userId))
    throw new AppError('not_found', m.nftNotFound);
  const history = await listItemSales(ctx.db, id, NFT_HISTORY_SIZE);
  const explorerOf = (chain: string) => ctx.config.chains.find((c) => c.key === chain)?.explorerUrl ?? null;
  return toNftDetail(
    item,
    { userId: viewer.userId, fullNames: viewer.role === 'ADMIN' },
    history,
    explorerOf,
  );
}
