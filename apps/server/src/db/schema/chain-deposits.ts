import { CHAIN_DEPOSIT_STATUSES } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, minor, updatedAt } from './columns';
import { journalEntries } from './ledger';

/** The wire's chain-deposit statuses as SQL's list, ('PENDING', 'CREDITED', ...), for the status check. */
const STATUS_LIST = `(${CHAIN_DEPOSIT_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** Hands out each deposit address's BIP-44 index (…/0/<index>) once; an index is never reused. */
export const chainAddressIndexSeq = pgSequence('chain_address_index_seq', { startWith: 0, minValue: 0 });

/**
 * A customer's own deposit address on a chain: derived from the extended public key at the index the
 * sequence gave it, so the same customer always gets the same address, and no two customers one.
 */
export const chainDepositAddresses = pgTable(
  'chain_deposit_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    chain: text('chain').notNull(),
    addressIndex: integer('address_index').notNull(),
    /** EIP-55 checksummed. */
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chain] }),
    uniqueIndex('chain_deposit_addresses_address_key').on(t.chain, t.address),
    uniqueIndex('chain_deposit_addresses_index_key').on(t.chain, t.addressIndex),
  ],
);

/**
 * A deposit seen on a chain: one row per (chain, transaction, the log's place within the transaction)
 * — a native transfer has -1 — whatever the watcher sees again. The key holds nothing that moves with
 * the block: a reorganisation that mines the same transaction elsewhere moves the row (block, its
 * hash, the log's place in the block, confirmations from 0) instead of adding one. PENDING until `required_confirmations` blocks are on top of it,
 * then CREDITED once through the ledger (entry_id); BELOW_MINIMUM is recorded and never credited;
 * DROPPED left the canonical chain before it was deep enough.
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chain: text('chain').notNull(),
    asset: text('asset').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    address: text('address').notNull(),
    txHash: text('tx_hash').notNull(),
    /** The log's place in its block (-1 for a native transfer): moves with the row, never a key. */
    logIndex: integer('log_index').notNull(),
    /** The log's place within its transaction (-1 for a native transfer): the key's part that does not move. */
    txLogIndex: integer('tx_log_index').notNull(),
    /** The amount in the chain's units (wei, or the token's smallest unit). */
    amountRaw: numeric('amount_raw', { precision: 78, scale: 0 }).notNull(),
    /** The amount in the ledger's minor units of the asset (what is credited). */
    amount: minor('amount').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    status: text('status', { enum: CHAIN_DEPOSIT_STATUSES }).notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    creditedAt: timestamp('credited_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chain_deposits_tx_log_key').on(t.chain, t.txHash, t.txLogIndex),
    // The customer's list, newest first (POST /wallet/chain-deposits).
    index('chain_deposits_user_idx').on(t.userId, t.createdAt.desc(), t.id),
    // The watcher's pending deposits per chain.
    index('chain_deposits_pending_idx').on(t.chain, t.blockNumber).where(sql`${t.status} = 'PENDING'`),
    check('chain_deposits_status', sql`${t.status} IN ${sql.raw(STATUS_LIST)}`),
    check('chain_deposits_amount', sql`${t.amountRaw} >= 0 AND ${t.amount} >= 0`),
  ],
);

/** The watcher's place per chain: the last block it processed and that block's hash (to see a reorg). */
export const chainCursors = pgTable('chain_cursors', {
  chain: text('chain').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: updatedAt(),
});
