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
 * CONFIRMED | FAILED. A replacement (same nonce, higher fee) keeps the hashes it replaced. A BROADCAST
 * row a node refused is stuck (stuck_since): it keeps its nonce until one of its hashes or its cancel
 * (issue 43) is mined deep enough.
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
    /**
     * When the signed bytes were first handed to a node (set before the first send, answered or not):
     * from then on they are public and stay valid until the nonce is used, so the row ends FAILED only
     * when another transaction with its nonce is mined deep enough.
     */
    handedAt: timestamp('handed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The node's head block when the bytes were first handed to it: the stuck follower searches for the
     * transaction that used the nonce from a little below it, never from block 0 (a pruned node has no
     * state that old).
     */
    handedBlock: bigint('handed_block', { mode: 'bigint' }),
    /** Why a BROADCAST row is stuck (a node refused it, or counts fewer transactions than its nonce). */
    stuckReason: text('stuck_reason'),
    /** Since when it is stuck; null while it is not. A stuck row stays BROADCAST, keeps its nonce. */
    stuckSince: timestamp('stuck_since', { withTimezone: true, mode: 'date' }),
    /** The latest signed cancel (a zero-value transfer to the row's own address with its nonce). */
    cancelRaw: text('cancel_raw'),
    /** Every cancel's hash, oldest first: the one mined (if any) ends the row FAILED 'cancelled'. */
    cancelHashes: text('cancel_hashes').array().notNull().default(sql`'{}'::text[]`),
    cancelSentAt: timestamp('cancel_sent_at', { withTimezone: true, mode: 'date' }),
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
    // The stuck rows the admin sees.
    index('chain_transactions_stuck_idx')
      .on(t.chain, t.stuckSince)
      .where(sql`${t.stuckSince} IS NOT NULL AND ${t.status} = 'BROADCAST'`),
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
