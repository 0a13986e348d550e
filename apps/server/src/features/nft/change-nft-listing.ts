import { messages as m } from '@exchange/contracts';
import { type AssetCode, decideNftListing, decideNftWithdrawal } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { findNftActor, findNftItem, setItemListing } from './nft.repository';
import { nftItemState } from './nft-item-state';
import { nftRuleError } from './nft-rejections';
import { parseNftPrice } from './parse-nft-price';

type ListingContext = Pick<AppContext, 'db' | 'clock'>;

async function load(ctx: ListingContext, userId: string, id: string) {
  const [actor, item] = await Promise.all([findNftActor(ctx.db, userId), findNftItem(ctx.db, id)]);
  if (!actor || !item) throw new AppError('not_found', m.nftNotFound);
  // Someone else's hidden item answers like a missing one, as its detail does.
  if (item.status === 'HIDDEN' && item.ownerId !== userId) throw new AppError('not_found', m.nftNotFound);
  return { actor, item };
}

/**
 * POST /nft/listForSale: the owner puts an item up for sale at a price in its coin (decideNftListing).
 * The update applies only while the item is still the owner's and still off sale, so a listing that
 * races a sale or another listing changes nothing and answers 409.
 */
export async function listNftForSale(
  ctx: ListingContext,
  userId: string,
  request: { id: string; price: string },
): Promise<void> {
  const { actor, item } = await load(ctx, userId, request.id);
  const price = parseNftPrice(request.price, item.asset as AssetCode);
  const decided = decideNftListing(actor, nftItemState(item), price);
  if (!decided.ok) throw nftRuleError(decided.code);
  const seen = { id: item.id, ownerId: userId, listed: false };
  if (!(await setItemListing(ctx.db, seen, decided.value.price, ctx.clock.now())))
    throw new AppError('conflict', m.nftAlreadyListed);
}

/** POST /nft/withdrawFromSale: the owner takes a listed item off sale (decideNftWithdrawal). */
export async function withdrawNftFromSale(
  ctx: ListingContext,
  userId: string,
  request: { id: string },
): Promise<void> {
  const { actor, item } = await load(ctx, userId, request.id);
  const decided = decideNftWithdrawal(actor, nftItemState(item));
  if (!decided.ok) throw nftRuleError(decided.code);
  const seen = { id: item.id, ownerId: userId, listed: true };
  if (!(await setItemListing(ctx.db, seen, null, ctx.clock.now())))
    throw new AppError('conflict', m.nftNotListed);
}
