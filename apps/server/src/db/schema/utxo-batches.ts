import { sql } from 'drizzle-orm';
import {
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
import { withdrawals } from './withdrawals';

export const UTXO_BATCH_STATUSES = ['SIGNING', 'SIGNED', 'BROADCAST', 'CONFIRMED'] as const;

/**
 * One transaction of a Bitcoin-family chain that pays several approved withdrawals at once (issue 47),
 * with change to the exchange's internal address. SIGNING: the unsigned PSBT is stored (its inputs are
 * fixed, so signing it again can only give the same transaction); SIGNED: the signed bytes and txid are
 * stored before anything is broadcast; BROADCAST: handed to the node (re-sent from the stored bytes
 * after a crash or a reorganisation, never signed anew); CONFIRMED: its block is the chain's
 * confirmations deep, and its withdrawals are paid out in that same database transaction.
 */
export const utxoBatches = pgTable(
  'utxo_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chain: text('chain').notNull(),
    status: text('status', { enum: UTXO_BATCH_STATUSES }).notNull(),
    /** The unsigned PSBT, base64. */
    psbt: text('psbt').notNull(),
    /** The derivation (change/index under the BIP-84 account) of each input, in input order. */
    inputPaths: text('input_paths').array().notNull(),
    rawTx: text('raw_tx'),
    txid: text('txid'),
    /** The network fee the transaction pays, in the coin's smallest unit. */
    feeSats: numeric('fee_sats', { precision: 38, scale: 0 }).notNull(),
    /** The fee rate its current version was built at, in the smallest unit per virtual byte. */
    feeRate: integer('fee_rate').notNull(),
    /** Replacements: the txids it was sent under before (a fee bump); whichever is mined ends it. */
    replacedTxids: text('replaced_txids').array().notNull().default(sql`'{}'::text[]`),
    /** What each earlier version paid the network, beside its txid (replacedFees[i] for replacedTxids[i]). */
    replacedFees: numeric('replaced_fees', { precision: 38, scale: 0 })
      .array()
      .notNull()
      .default(sql`'{}'::numeric[]`),
    /**
     * The fee rate each earlier version was built at, beside its fee (replacedFeeRates[i] for
     * replacedTxids[i]); empty for a batch replaced before migration 0080, whose rates were not kept.
     */
    replacedFeeRates: integer('replaced_fee_rates').array().notNull().default(sql`'{}'::integer[]`),
    /** Why the last fee bump could not be made, or the node's refusal of it (shown to the admin). */
    feeBumpRefusal: text('fee_bump_refusal'),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true, mode: 'date' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('utxo_batches_txid_key').on(t.txid),
    index('utxo_batches_open_idx').on(t.chain, t.createdAt).where(sql`${t.status} <> 'CONFIRMED'`),
    check('utxo_batches_status', sql`${t.status} IN ('SIGNING', 'SIGNED', 'BROADCAST', 'CONFIRMED')`),
  ],
);

/** Which batch pays a withdrawal: the primary key puts a withdrawal in one batch at most. */
export const utxoBatchWithdrawals = pgTable('utxo_batch_withdrawals', {
  withdrawalId: uuid('withdrawal_id')
    .primaryKey()
    .references(() => withdrawals.id),
  batchId: uuid('batch_id')
    .notNull()
    .references(() => utxoBatches.id),
  /** Its output's place in the transaction. */
  vout: integer('vout').notNull(),
});
