import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, minor, updatedAt } from './columns';

export const CHAIN_SWEEP_STATUSES = ['TOPPING_UP', 'SENDING', 'CONFIRMED', 'FAILED', 'SKIPPED'] as const;

/**
 * One sweep of a deposit address's coin into the chain's hot wallet (issue 37): one row per (chain,
 * address, asset, round), so two schedulers or a restart never sweep one round twice. A native coin is
 * SENDING (one SWEEP transaction) → CONFIRMED | FAILED; a token first tops the address up with gas from
 * the hot wallet when it lacks it (TOPPING_UP, one GAS_TOPUP transaction), then SENDING. SKIPPED: the
 * balance was below the sweep threshold (not worth the gas); a later deposit starts a new round. A
 * FAILED round is retried by the next round. Sweeps move coins between two places the product holds,
 * so no ledger balance changes but the network fees, which the chain sender books.
 */
export const chainSweeps = pgTable(
  'chain_sweeps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chain: text('chain').notNull(),
    /** The deposit address swept (EIP-55) and its derivation index (the key that signs). */
    address: text('address').notNull(),
    addressIndex: integer('address_index').notNull(),
    asset: text('asset').notNull(),
    round: integer('round').notNull(),
    status: text('status', { enum: CHAIN_SWEEP_STATUSES }).notNull(),
    /** What is swept in the chain's units (for SKIPPED, the balance that was left). */
    amountRaw: numeric('amount_raw', { precision: 78, scale: 0 }).notNull(),
    /** The same in the ledger's minor units of the asset. */
    amount: minor('amount').notNull(),
    /** Wei sent from the hot wallet for the token sweep's gas, 0 when the address had enough. */
    gasTopUpRaw: numeric('gas_top_up_raw', { precision: 78, scale: 0 }).notNull().default('0'),
    /** The newest block of the address's deposits of the asset this round covers. */
    coversBlock: bigint('covers_block', { mode: 'bigint' }).notNull(),
    txHash: text('tx_hash'),
    /** Gas the sweep and its top-up paid, in wei (booked by the sender as custody → network fees). */
    feeRaw: numeric('fee_raw', { precision: 78, scale: 0 }).notNull().default('0'),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chain_sweeps_round_key').on(t.chain, t.address, t.asset, t.round),
    // The sweeps of an address not yet ended (one at a time per address).
    index('chain_sweeps_open_idx')
      .on(t.chain, t.address)
      .where(sql`${t.status} IN ('TOPPING_UP', 'SENDING')`),
    // Newest first, for an admin's view.
    index('chain_sweeps_created_idx').on(t.createdAt.desc(), t.id),
    check(
      'chain_sweeps_status',
      sql`${t.status} IN ('TOPPING_UP', 'SENDING', 'CONFIRMED', 'FAILED', 'SKIPPED')`,
    ),
    check('chain_sweeps_amount', sql`${t.amountRaw} >= 0 AND ${t.amount} >= 0 AND ${t.round} >= 1`),
  ],
);
