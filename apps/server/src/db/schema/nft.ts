import { NFT_CHAIN_STATES } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, minor, updatedAt } from './columns';
import { journalEntries } from './ledger';
import { uploads } from './uploads';

/** Token ids of the exchange's ERC-721: one number per minted item, never reused. */
export const nftTokenIds = pgSequence('nft_token_ids', { startWith: 1 });

/**
 * An NFT of the marketplace (issue 40). Custodial: who owns it is this row (`owner_id`, null while the
 * house still owns it), and a sale moves the price through the ledger in the same transaction that
 * moves the owner. `price` is minor units of `asset`: the asking price while `listed`, the last asking
 * price otherwise. `chain`, `contract_address` and `token_id` stay null until the item is minted as an
 * ERC-721 token on a configured chain; they name the token, never a second source of ownership.
 */
export const nftItems = pgTable(
  'nft_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUploadId: uuid('image_upload_id')
      .notNull()
      .references(() => uploads.id),
    asset: text('asset').notNull(),
    price: minor('price').notNull(),
    status: text('status', { enum: ['ACTIVE', 'HIDDEN'] })
      .notNull()
      .default('ACTIVE'),
    ownerId: uuid('owner_id').references(() => users.id),
    listed: boolean('listed').notNull().default(true),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    chain: text('chain'),
    contractAddress: text('contract_address'),
    tokenId: text('token_id'),
    /**
     * Where the token stands (NFT_CHAIN_STATES in the domain): null custodial only, MINTING, MINTED
     * (the hot wallet holds it), MINT_FAILED, SENDING (locked while a transfer to the owner's own
     * address is out), WITHDRAWN (it left the exchange; the row stays as the owner's history).
     */
    chainState: text('chain_state', { enum: NFT_CHAIN_STATES }),
    /** The chain sender's reference of the transfer out now pending: an outcome for another is stale. */
    chainReference: text('chain_reference'),
    /** The owner's own address the token goes or went to, and the transfer's hash once mined. */
    withdrawnTo: text('withdrawn_to'),
    withdrawTxHash: text('withdraw_tx_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The marketplace lists ACTIVE items for sale, newest first or by price; partial, so it stays small.
    index('nft_items_market_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'ACTIVE' AND ${t.listed}`),
    index('nft_items_market_price_idx')
      .on(t.asset, t.price, t.id)
      .where(sql`${t.status} = 'ACTIVE' AND ${t.listed}`),
    // Searching by name (ILIKE '%term%') in the marketplace and the admin list.
    index('nft_items_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // My NFTs: an owner's items, newest first.
    index('nft_items_owner_idx').on(t.ownerId, t.createdAt),
    // The admin list, newest first.
    index('nft_items_created_idx').on(t.createdAt),
    uniqueIndex('nft_items_image_key').on(t.imageUploadId),
    uniqueIndex('nft_items_token_key').on(t.chain, t.contractAddress, t.tokenId),
    check('nft_items_price_positive', sql`${t.price} > 0`),
  ],
);

/** One sale of an item: who sold (null: the house), who bought, at what price and fee, by which entry. */
export const nftSales = pgTable(
  'nft_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => nftItems.id),
    sellerId: uuid('seller_id').references(() => users.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    price: minor('price').notNull(),
    fee: minor('fee').notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    // An item's price history, newest first.
    index('nft_sales_item_idx').on(t.itemId, t.createdAt),
    // The admin's sales list, newest first.
    index('nft_sales_created_idx').on(t.createdAt),
    uniqueIndex('nft_sales_entry_key').on(t.entryId),
    check('nft_sales_amounts', sql`${t.price} > 0 AND ${t.fee} >= 0 AND ${t.fee} <= ${t.price}`),
    check('nft_sales_not_self', sql`${t.sellerId} IS DISTINCT FROM ${t.buyerId}`),
  ],
);

/**
 * An NFT sent out of the exchange (issue 43): its USD value when requested counts toward the owner's
 * daily withdrawal limit beside coin and USD withdrawals, and its address counts as used before.
 */
export const nftSendOuts = pgTable(
  'nft_send_outs',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => nftItems.id),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    valueCents: minor('value_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('nft_send_outs_user_created_idx').on(t.userId, t.createdAt),
    check('nft_send_outs_value', sql`${t.valueCents} >= 0`),
  ],
);
