import { randomUUID } from 'node:crypto';
import { messages as m, type NftBuyRequest } from '@exchange/contracts';
import { type AssetCode, decideNftBuy, nftSalePostings } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import { assertOutflowAllowed } from '../outflow/assert-outflow-allowed';
import { findNftActor, findNftItem, insertNftSale, takeItemForBuyer } from './nft.repository';
import { nftItemState } from './nft-item-state';
import { nftRuleError } from './nft-rejections';
import { parseNftPrice } from './parse-nft-price';

/**
 * Buys an item at the price the buyer confirmed. Load → decide (decideNftBuy: the buyer, a hidden
 * item, an item not for sale, the buyer's own) → check the confirmed price is still the price (else
 * 409, nothing charged) and that the buyer's restrictions let the value go (an open debt; a resale
 * pays another customer, so it counts as a P2P send, a primary sale as a swap with the house) → one
 * transaction: the item moves to the buyer only if it is still listed at that price by the seller
 * the buyer saw (a conditional update, so of two buyers at once exactly one gets it and the other is
 * told it is sold), then one journal entry moves the price (buyer → house, or buyer → seller with the
 * fee to fee revenue), then the sale and a wallet history row per side are recorded. A buyer who cannot pay rolls it all back.
 */
export async function buyNft(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'prices'>,
  buyerId: string,
  request: NftBuyRequest,
): Promise<void> {
  const [actor, item] = await Promise.all([findNftActor(ctx.db, buyerId), findNftItem(ctx.db, request.id)]);
  if (!actor || !item) throw new AppError('not_found', m.nftNotFound);
  const decided = decideNftBuy(actor, nftItemState(item), ctx.config.nftResaleFeeBps);
  if (!decided.ok) throw nftRuleError(decided.code);
  const sale = decided.value;
  const confirmed = parseNftPrice(request.price, item.asset as AssetCode);
  if (confirmed !== sale.price) throw new AppError('conflict', m.nftPriceChanged);
  await assertOutflowAllowed(ctx, buyerId, sale.sellerId === null ? 'swap' : 'p2p_send', {
    asset: sale.asset,
    amount: sale.price,
  });

  const now = ctx.clock.now();
  const saleId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    const seen = { id: item.id, sellerId: sale.sellerId, price: sale.price, asset: sale.asset };
    if (!(await takeItemForBuyer(tx, seen, buyerId, now))) throw new AppError('conflict', m.nftSold);
    const posted = await postEntry(tx, {
      kind: 'NFT_SALE',
      reference: `nft-sale:${saleId}`,
      userId: buyerId,
      postings: nftSalePostings(sale),
      memo: { item: item.id, sale: saleId },
    });
    if (!posted.ok) throw new AppError('insufficient_funds', m.insufficientAmount);
    const reference = `nft-sale:${saleId}`;
    const entryId = posted.value.entryId;
    // Each side's wallet history: what the buyer paid, and what the seller received after the fee.
    await upsertWalletTransaction(tx, {
      reference: `${reference}:buy`,
      userId: buyerId,
      event: { kind: 'nft_buy', asset: sale.asset, amount: sale.price },
      status: 'SUCCESS',
      entryId,
    });
    if (sale.sellerId !== null && sale.sellerReceives > 0n)
      await upsertWalletTransaction(tx, {
        reference: `${reference}:sell`,
        userId: sale.sellerId,
        event: { kind: 'nft_sale', asset: sale.asset, amount: sale.sellerReceives },
        status: 'SUCCESS',
        entryId,
      });
    await insertNftSale(tx, {
      id: saleId,
      itemId: item.id,
      sellerId: sale.sellerId,
      buyerId,
      asset: sale.asset,
      price: sale.price,
      fee: sale.fee,
      entryId,
      createdAt: now,
    });
  });
}
