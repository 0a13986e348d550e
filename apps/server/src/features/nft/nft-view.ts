import type { NftCard, NftDetail } from '@exchange/contracts';
import { type AssetCode, formatMinor, getAsset } from '@exchange/domain';
import type { NftItemRow } from './nft.repository';

/** Where the web app loads an item's image (public: an NFT's artwork is meant to be seen). */
export function nftImagePath(filename: string): string {
  return `/api/v1/nft/image/${filename}`;
}

/** Minor units of an item's coin as the decimal string the wire carries. */
export function nftAmount(amount: string | bigint, asset: string): string {
  return formatMinor(BigInt(amount), getAsset(asset as AssetCode).scale);
}

/** An item as a card for `viewerId`; the owner is shown by name, the house as null. */
export function toNftCard(row: NftItemRow, viewerId: string | null): NftCard {
  return {
    _id: row.id,
    name: row.name,
    image: nftImagePath(row.image),
    price: nftAmount(row.price, row.asset),
    coin: row.asset as AssetCode,
    status: row.status,
    listed: row.listed,
    owner: row.ownerId === null ? null : (row.ownerName ?? ''),
    is_mine: viewerId !== null && row.ownerId === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toNftDetail(
  row: NftItemRow,
  viewerId: string | null,
  history: readonly { price: string; asset: string; createdAt: Date }[],
): NftDetail {
  return {
    ...toNftCard(row, viewerId),
    description: row.description,
    history: history.map((sale) => ({
      price: nftAmount(sale.price, sale.asset),
      coin: sale.asset as AssetCode,
      createdAt: sale.createdAt.toISOString(),
    })),
    token:
      row.chain && row.contractAddress && row.tokenId
        ? { chain: row.chain, contract: row.contractAddress, token_id: row.tokenId }
        : null,
  };
}
