import { type AssetCode, getAsset, usdCentsOf } from '@exchange/domain';
import { and, desc, eq } from 'drizzle-orm';
import { nftItems, nftSales } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { type FreshPriceContext, requireFreshPrice } from '../../platform/prices';
import {
  findWithdrawalAddressByAddress,
  usedAddressBefore,
} from '../withdrawals/address-book/withdrawal-addresses.repository';

/**
 * What an NFT is worth for the outflow rules (the daily withdrawal limit, the deposit hold), in USD
 * cents: the greater of its last sale price and its asking price (now, or the last one while off sale),
 * each at a fresh reference price of its asset. The greater, so an owner cannot shrink the value by
 * listing it cheaply and taking it off sale again; a coin without a fresh price refuses the send-out
 * (price_unavailable), as a coin withdrawal is refused, rather than let it through unmeasured.
 */
export async function nftValueCents(
  db: DbOrTx,
  ctx: FreshPriceContext,
  item: { id: string; asset: string; price: string },
): Promise<bigint> {
  const [sale] = await db
    .select({ asset: nftSales.asset, price: nftSales.price })
    .from(nftSales)
    .where(eq(nftSales.itemId, item.id))
    .orderBy(desc(nftSales.createdAt))
    .limit(1);
  let value = 0n;
  for (const price of sale ? [item, sale] : [item]) {
    const asset = price.asset as AssetCode;
    const cents = usdCentsOf(BigInt(price.price), getAsset(asset).scale, requireFreshPrice(ctx, asset).usd);
    if (cents > value) value = cents;
  }
  return value;
}

/**
 * Where an NFT send-out goes, as the eligibility rule's unreviewed destination needs it: whether the
 * owner's coins or NFTs already left to it on this chain, and its address-book entry's usable time.
 */
export async function nftDestinationStanding(
  db: DbOrTx,
  userId: string,
  chain: string,
  address: string,
): Promise<{ usedBefore: boolean; bookUsableAt: Date | null }> {
  const [coins, nft, entry] = await Promise.all([
    usedAddressBefore(db, userId, chain, address),
    db
      .select({ id: nftItems.id })
      .from(nftItems)
      .where(
        and(
          eq(nftItems.ownerId, userId),
          eq(nftItems.chain, chain),
          eq(nftItems.withdrawnTo, address),
          eq(nftItems.chainState, 'WITHDRAWN'),
        ),
      )
      .limit(1),
    findWithdrawalAddressByAddress(db, userId, chain, address),
  ]);
  return { usedBefore: coins || nft.length > 0, bookUsableAt: entry?.usableAt ?? null };
}
