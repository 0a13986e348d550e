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

/**
 * An owner's name as other customers see it: the first name and the last name's initial ("Alice S."),
 * a one-word name as it is. Customers see who holds an item without learning their full name; the
 * owner sees "You" (is_mine), admins the full name and e-mail.
 */
export function maskOwnerName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

/** Who reads: their id (null: the back office list) and whether they see full names (admins). */
export interface NftViewer {
  readonly userId: string | null;
  readonly fullNames?: boolean;
}

/** An item as a card for the viewer; the house as owner is null. */
export function toNftCard(row: NftItemRow, viewer: NftViewer): NftCard {
  const isMine = viewer.userId !== null && row.ownerId === viewer.userId;
  const name = row.ownerName ?? '';
  return {
    _id: row.id,
    name: row.name,
    image: nftImagePath(row.image),
    price: nftAmount(row.price, row.asset),
    coin: row.asset as AssetCode,
    status: row.status,
    listed: row.listed,
    owner: row.ownerId === null ? null : isMine || viewer.fullNames ? name : maskOwnerName(name),
    is_mine: isMine,
    chain_state: row.chainState,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Where an explorer shows a token (Etherscan's form) and a transaction, null without an explorer. */
export function tokenExplorerUrl(explorer: string | null, contract: string, tokenId: string): string | null {
  return explorer ? `${explorer}/token/${contract}?a=${tokenId}` : null;
}

export function toNftDetail(
  row: NftItemRow,
  viewer: NftViewer,
  history: readonly { price: string; asset: string; createdAt: Date }[],
  explorerOf: (chain: string) => string | null,
): NftDetail {
  const card = toNftCard(row, viewer);
  const onChain =
    row.chainState === 'MINTED' || row.chainState === 'SENDING' || row.chainState === 'WITHDRAWN';
  const explorer = row.chain ? explorerOf(row.chain) : null;
  return {
    ...card,
    description: row.description,
    history: history.map((sale) => ({
      price: nftAmount(sale.price, sale.asset),
      coin: sale.asset as AssetCode,
      createdAt: sale.createdAt.toISOString(),
    })),
    token:
      onChain && row.chain && row.contractAddress && row.tokenId
        ? {
            chain: row.chain,
            contract: row.contractAddress,
            token_id: row.tokenId,
            explorer_url: tokenExplorerUrl(explorer, row.contractAddress, row.tokenId),
          }
        : null,
    sent_to:
      (card.is_mine || viewer.fullNames) && row.withdrawnTo
        ? {
            address: row.withdrawnTo,
            tx_hash: row.withdrawTxHash,
            explorer_url: explorer && row.withdrawTxHash ? `${explorer}/tx/${row.withdrawTxHash}` : null,
          }
        : null,
  };
}
