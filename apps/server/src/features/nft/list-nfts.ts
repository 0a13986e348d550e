import type { NftAdminItem, NftCard, NftSaleRow } from '@exchange/contracts';
import type { AssetCode } from '@exchange/domain';
import type { DbOrTx } from '../../platform/db';
import { listMarketplace, listOwned, type MarketplaceOrder } from './nft.repository';
import { listAllItems, listAllSales } from './nft-admin.repository';
import { nftAmount, toNftCard } from './nft-view';

type Page<T> = { content: T[]; total: number };

/** POST /users/getAllNftMarketPlace: the items for sale, as cards for the viewer. */
export async function listNftMarketplace(
  db: DbOrTx,
  viewerId: string,
  query: {
    page: number;
    limit: number;
    search?: string | undefined;
    coin?: string | undefined;
    orderBy: string;
  },
): Promise<Page<NftCard>> {
  const { rows, total } = await listMarketplace(db, { ...query, orderBy: query.orderBy as MarketplaceOrder });
  return { content: rows.map((row) => toNftCard(row, { userId: viewerId })), total };
}

/** POST /nft/myNfts: the viewer's own items, listed or not, hidden or not. */
export async function listMyNfts(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number },
): Promise<Page<NftCard>> {
  const { rows, total } = await listOwned(db, userId, query);
  return { content: rows.map((row) => toNftCard(row, { userId })), total };
}

/** POST /admin/nftList: every item with its owner's e-mail and number of sales. */
export async function listNftsForAdmin(
  db: DbOrTx,
  query: {
    page: number;
    limit: number;
    search?: string | undefined;
    status?: string | undefined;
    id?: string | undefined;
  },
): Promise<Page<NftAdminItem>> {
  const { rows, total } = await listAllItems(db, query);
  return {
    content: rows.map((row) => ({
      ...toNftCard(row, { userId: null, fullNames: true }),
      owner_email: row.ownerEmail,
      sales: row.sales,
    })),
    total,
  };
}

/** POST /admin/nftSales: every sale, newest first; the house as seller is null. */
export async function listNftSales(
  db: DbOrTx,
  query: { page: number; limit: number; search?: string | undefined; id?: string | undefined },
): Promise<Page<NftSaleRow>> {
  const { rows, total } = await listAllSales(db, query);
  return {
    content: rows.map((row) => ({
      _id: row.id,
      item_id: row.itemId,
      item_name: row.itemName,
      seller: row.sellerEmail,
      buyer: row.buyerEmail,
      price: nftAmount(row.price, row.asset),
      fee: nftAmount(row.fee, row.asset),
      coin: row.asset as AssetCode,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}
