import { sql } from 'drizzle-orm';
import { nftItems } from '../../db/schema';
import { nftMintData } from '../../platform/chain/nft-contract';
import type { DbOrTx } from '../../platform/db';
import type { NftChain } from './nft-chain';
import { nftImagePath } from './nft-view';

/**
 * Mints a new item's token (issue 40): in the caller's transaction (the one that creates the item), the
 * next token id from the sequence, the item marked MINTING with its chain, contract and token id, and a
 * mint to the hot wallet put in the chain sender's outbox (reference: the item's id). The token's
 * metadata URI is the image's public URL. Trading inside the exchange stays custodial; the token is
 * the item's on-chain twin, held by the hot wallet until its owner withdraws it.
 */
export async function enqueueNftMint(
  tx: DbOrTx,
  nft: NftChain,
  item: { id: string; imageFilename: string },
  publicUrl: string,
): Promise<bigint> {
  const [row] = await tx
    .execute<{ id: string }>(sql`SELECT nextval('nft_token_ids')::text AS id`)
    .then((r) => r.rows);
  const tokenId = BigInt(row!.id);
  await tx
    .update(nftItems)
    .set({
      chain: nft.chain.key,
      contractAddress: nft.contract,
      tokenId: tokenId.toString(),
      chainState: 'MINTING',
    })
    .where(sql`${nftItems.id} = ${item.id}`);
  await nft.sender.enqueue(tx, {
    chain: nft.chain.key,
    purpose: 'NFT_MINT',
    reference: item.id,
    from: { kind: 'hot' },
    to: nft.contract,
    value: 0n,
    data: nftMintData(nft.hot, tokenId, `${publicUrl}${nftImagePath(item.imageFilename)}`),
  });
  return tokenId;
}
