import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** A whole number of wei (or a token's smallest unit): up to 2^256, read and written as strings. */
const wei = (name: string) => numeric(name, { precision: 78, scale: 0 });

export const CHAIN_TX_STATUSES = ['QUEUED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED'] as const;

/**
 * The chain sender's outbox (issues 37, 38, 40): one row per transaction the product sends, written in
 * the same database transaction as the business change that wants it (unique per purpose and
 * reference). QUEUED → SIGNED (the signed bytes stored BEFORE they are broadcast) → BROADCAST →
 * CONFIRMED | FAILED. A replacement (same nonce, higher fee) keeps the hashes it replaced.
 */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chain: text('chain').notNull(),
    purpose: text('purpose').notNull(),
    reference: text('reference').notNull(),
    /** Which key signs: 'hot' or 'deposit:<index>'. */
    fromKey: text('from_key').notNull(),
    /** EIP-55 checksummed. */
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    value: wei('value').notNull(),
    data: text('data'),
    nonce: integer('nonce'),
    maxFeePerGas: wei('max_fee_per_gas'),
    maxPriorityFeePerGas: wei('max_priority_fee_per_gas'),
    gasLimit: wei('gas_limit'),
    /** The signed, serialised transaction (what is broadcast, again after a crash). */
    raw: text('raw'),
    txHash: text('tx_hash'),
    /** Hashes this row's transaction replaced (same nonce, lower fee); any of them may still be mined. */
    replacedHashes: text('replaced_hashes').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: CHAIN_TX_STATUSES }).notNull().default('QUEUED'),
    reason: text('reason'),
    feeWei: wei('fee_wei'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('chain_transactions_reference_key').on(t.purpose, t.reference),
    // The sender's work per chain and address: the rows not yet ended, in nonce order.
    index('chain_transactions_open_idx')
      .on(t.chain, t.fromAddress, t.nonce)
      .where(sql`${t.status} IN ('QUEUED', 'SIGNED', 'BROADCAST')`),
    // One transaction out per nonce of an address, and the address's next nonce: one past the highest
    // still out (ended ones are counted by the chain itself; a development chain started afresh has
    // forgotten them, so their nonces are used again).
    uniqueIndex('chain_transactions_open_nonce_key')
      .on(t.chain, t.fromAddress, t.nonce)
      .where(sql`${t.status} IN ('SIGNED', 'BROADCAST')`),
    // Admin and feature views by status.
    index('chain_transactions_status_idx').on(t.status, t.createdAt),
    uniqueIndex('chain_transactions_hash_key').on(t.chain, t.txHash),
    check(
      'chain_transactions_status',
      sql`${t.status} IN ('QUEUED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED')`,
    ),
    check('chain_transactions_value', sql`${t.value} >= 0`),
  ],
);
