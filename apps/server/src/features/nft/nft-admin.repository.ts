import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nftItems, nftSales, uploads, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { containsPattern, itemColumns, type NftItemRow, owner } from './nft.repository';

/** The back office's reads of the marketplace: every item, and every sale. */

const seller = alias(users, 'nft_seller');
const buyer = alias(users, 'nft_buyer');

/** Every item for the back office, newest first, with its number of sales. */
export async function listAllItems(
  db: DbOrTx,
  query: {
    page: number;
    limit: number;
    search?: string | undefined;
    status?: string | undefined;
    id?: string | undefined;
  },
): Promise<{ rows: (NftItemRow & { sales: number })[]; total: number }> {
  const filters: SQL[] = [];
  if (query.id) filters.push(eq(nftItems.id, query.id));
  if (query.search) filters.push(ilike(nftItems.name, containsPattern(query.search)));
  if (query.status) filters.push(eq(nftItems.status, query.status as 'ACTIVE' | 'HIDDEN'));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const rows = await db
    .select({
      ...itemColumns,
      sales: sql<number>`(SELECT count(*)::int FROM ${nftSales} s WHERE s.item_id = ${nftItems.id})`,
    })
    .from(nftItems)
    .innerJoin(uploads, eq(uploads.id, nftItems.imageUploadId))
    .leftJoin(owner, eq(owner.id, nftItems.ownerId))
    .where(where)
    .orderBy(desc(nftItems.createdAt), desc(nftItems.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(nftItems).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every sale for the back office, newest first; `search` matches the item's name. */
export async function listAllSales(
  db: DbOrTx,
  query: { page: number; limit: number; search?: string | undefined; id?: string | undefined },
) {
  const where = and(
    query.search ? ilike(nftItems.name, containsPattern(query.search)) : undefined,
    query.id ? eq(nftSales.itemId, query.id) : undefined,
  );
  const rows = await db
    .select({
      id: nftSales.id,
      itemId: nftSales.itemId,
      itemName: nftItems.name,
      sellerEmail: seller.email,
      buyerEmail: buyer.email,
      price: nftSales.price,
      fee: nftSales.fee,
      asset: nftSales.asset,
      createdAt: nftSales.createdAt,
    })
    .from(nftSales)
    .innerJoin(nftItems, eq(nftItems.id, nftSales.itemId))
    .innerJoin(buyer, eq(buyer.id, nftSales.buyerId))
    .leftJoin(seller, eq(seller.id, nftSales.sellerId))
    .where(where)
    .orderBy(desc(nftSales.createdAt), desc(nftSales.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(nftSales)
    .innerJoin(nftItems, eq(nftItems.id, nftSales.itemId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
