import type { AssetCode, NftItemState } from '@exchange/domain';
import type { NftItemRow } from './nft.repository';

/** A loaded item as the domain rules read it. */
export function nftItemState(row: NftItemRow): NftItemState {
  return {
    ownerId: row.ownerId,
    status: row.status,
    listed: row.listed,
    price: BigInt(row.price),
    asset: row.asset as AssetCode,
    chainState: row.chainState,
  };
}
