import type { NftChainState } from '@exchange/domain';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nftItems, nftSales, uploads, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export const owner = alias(users, 'nft_owner');

/** A search term as an ILIKE pattern that matches it literally (the trigram index serves it). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const itemColumns = {
  id: nftItems.id,
  name: nftItems.name,
  description: nftItems.description,
  asset: nftItems.asset,
  price: nftItems.price,
  status: nftItems.status,
  listed: nftItems.listed,
  ownerId: nftItems.ownerId,
  ownerName: owner.name,
  ownerEmail: owner.email,
  image: uploads.filename,
  chain: nftItems.chain,
  contractAddress: nftItems.contractAddress,
  tokenId: nftItems.tokenId,
  chainState: nftItems.chainState,
  withdrawnTo: nftItems.withdrawnTo,
  withdrawTxHash: nftItems.withdrawTxHash,
  createdAt: nftItems.createdAt,
};

export type NftItemRow = {
  id: string;
  name: string;
  description: string;
  asset: string;
  price: string;
  status: 'ACTIVE' | 'HIDDEN';
  listed: boolean;
  ownerId: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  image: string;
  chain: string | null;
  contractAddress: string | null;
  tokenId: string | null;
  chainState: NftChainState | null;
  withdrawnTo: string | null;
  withdrawTxHash: string | null;
  createdAt: Date;
};

function selectItems(db: DbOrTx) {
  return db
    .select(itemColumns)
    .from(nftItems)
    .innerJoin(uploads, eq(uploads.id, nftItems.imageUploadId))
    .leftJoin(owner, eq(owner.id, nftItems.ownerId));
}

/** One item with its image name and owner, or null. */
export async function findNftItem(db: DbOrTx, id: string): Promise<NftItemRow | null> {
  const [row] = await selectItems(db).where(eq(nftItems.id, id)).limit(1);
  return row ?? null;
}

export type MarketplaceOrder = 'newest' | 'oldest' | 'price_asc' | 'price_desc';

/**
 * The marketplace: ACTIVE items for sale (the two partial indexes hold exactly these rows), a page
 * at a time, by name and coin; price order sorts by coin first, since prices in two coins do not
 * compare.
 */
export async function listMarketplace(
  db: DbOrTx,
  query: {
    page: number;
    limit: number;
    search?: string | undefined;
    coin?: string | undefined;
    orderBy: MarketplaceOrder;
  },
): Promise<{ rows: NftItemRow[]; total: number }> {
  const filters: SQL[] = [eq(nftItems.status, 'ACTIVE'), eq(nftItems.listed, true)];
  if (query.search) filters.push(ilike(nftItems.name, containsPattern(query.search)));
  if (query.coin) filters.push(eq(nftItems.asset, query.coin));
  const where = and(...filters);
  const order = {
    newest: [desc(nftItems.createdAt), desc(nftItems.id)],
    oldest: [asc(nftItems.createdAt), asc(nftItems.id)],
    price_asc: [asc(nftItems.asset), asc(nftItems.price), asc(nftItems.id)],
    price_desc: [asc(nftItems.asset), desc(nftItems.price), desc(nftItems.id)],
  }[query.orderBy];
  const rows = await selectItems(db)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(nftItems).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** My NFTs: what the user owns, newest first (the owner index). */
export async function listOwned(
  db: DbOrTx,
  ownerId: string,
  query: { page: number; limit: number },
): Promise<{ rows: NftItemRow[]; total: number }> {
  const where = eq(nftItems.ownerId, ownerId);
  const rows = await selectItems(db)
    .where(where)
    .orderBy(desc(nftItems.createdAt), desc(nftItems.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(nftItems).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** An item's sales, newest first (its price history). */
export async function listItemSales(db: DbOrTx, itemId: string, limit: number) {
  return db
    .select({ price: nftSales.price, asset: nftSales.asset, createdAt: nftSales.createdAt })
    .from(nftSales)
    .where(eq(nftSales.itemId, itemId))
    .orderBy(desc(nftSales.createdAt), desc(nftSales.id))
    .limit(limit);
}

/** A user as the NFT rules see them, or null. */
export async function findNftActor(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      kind: users.kind,
      status: users.status,
      isKycVerified: users.isKycVerified,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  // A system account (users.kind) is no customer either: the rules read it as staff.
  const role: 'USER' | 'ADMIN' = row.role === 'USER' && row.kind === 'CUSTOMER' ? 'USER' : 'ADMIN';
  return { id: row.id, role, status: row.status, isKycVerified: row.isKycVerified };
}

export async function insertNftItem(
  db: DbOrTx,
  values: {
    name: string;
    description: string;
    imageUploadId: string;
    asset: string;
    price: bigint;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(nftItems)
    .values({ ...values, price: values.price.toString(), ownerId: null, listed: true, status: 'ACTIVE' })
    .returning({ id: nftItems.id });
  return row!.id;
}

/**
 * Hands the item to the buyer only if it is still exactly as the buyer saw it: ACTIVE, for sale, at
 * the same price in the same coin, owned by the same seller (null: the house). Two buyers at once
 * both reach this update; the second waits for the first's row lock, then finds the item no longer
 * listed and gets false. Returns whether this buyer got it.
 */
export async function takeItemForBuyer(
  db: DbOrTx,
  seen: { id: string; sellerId: string | null; price: bigint; asset: string },
  buyerId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(nftItems)
    .set({ ownerId: buyerId, listed: false, updatedAt: now })
    .where(
      and(
        eq(nftItems.id, seen.id),
        eq(nftItems.listed, true),
        eq(nftItems.status, 'ACTIVE'),
        eq(nftItems.asset, seen.asset),
        eq(nftItems.price, seen.price.toString()),
        sql`${nftItems.ownerId} IS NOT DISTINCT FROM ${seen.sellerId}`,
      ),
    )
    .returning({ id: nftItems.id });
  return rows.length === 1;
}

export async function insertNftSale(
  db: DbOrTx,
  values: {
    id: string;
    itemId: string;
    sellerId: string | null;
    buyerId: string;
    asset: string;
    price: bigint;
    fee: bigint;
    entryId: bigint;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(nftSales).values({ ...values, price: values.price.toString(), fee: values.fee.toString() });
}

/**
 * Puts the owner's item up for sale at `price`, or takes it off (`price` null), only while the owner
 * and the listing are still what the decision saw. Returns whether the row changed.
 */
export async function setItemListing(
  db: DbOrTx,
  seen: { id: string; ownerId: string; listed: boolean },
  price: bigint | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(nftItems)
    .set(
      price === null
        ? { listed: false, updatedAt: now }
        : { listed: true, price: price.toString(), updatedAt: now },
    )
    .where(
      and(
        eq(nftItems.id, seen.id),
        eq(nftItems.ownerId, seen.ownerId),
        eq(nftItems.listed, seen.listed),
        // An item on its way to the owner's wallet, or gone there, is locked (a listing that raced the send).
        sql`${nftItems.chainState} IS DISTINCT FROM 'SENDING' AND ${nftItems.chainState} IS DISTINCT FROM 'WITHDRAWN'`,
      ),
    )
    .returning({ id: nftItems.id });
  return rows.length === 1;
}

/** Sets an item's status; returns the status it had, or null when there is no such item. */
export async function setItemStatus(
  db: DbOrTx,
  id: string,
  status: 'ACTIVE' | 'HIDDEN',
  now: Date,
): Promise<{ before: 'ACTIVE' | 'HIDDEN'; ownerId: string | null } | null> {
  const [row] = await db
    .execute<{ before: 'ACTIVE' | 'HIDDEN'; owner_id: string | null }>(sql`
    UPDATE ${nftItems} n SET status = ${status}, updated_at = ${now}
    FROM (SELECT id, status FROM ${nftItems} WHERE id = ${id} FOR UPDATE) old
    WHERE n.id = old.id
    RETURNING old.status AS before, n.owner_id`)
    .then((r) => r.rows);
  return row ? { before: row.before, ownerId: row.owner_id } : null;
}
