import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, minor, updatedAt } from './columns';
import { journalEntries } from './ledger';

/** A token that can be staked (one per asset). The rows are data, seeded by the staking migration. */
export const stakeOptions = pgTable(
  'stake_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    asset: text('asset').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stake_options_asset_key').on(t.asset)],
);

/** A duration an option offers, its APY in basis points (800 = 8%) and the minimum in minor units. */
export const stakeOptionVariants = pgTable(
  'stake_option_variants',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    optionId: uuid('option_id')
      .notNull()
      .references(() => stakeOptions.id),
    durationDays: integer('duration_days').notNull(),
    apyBps: integer('apy_bps').notNull(),
    minAmount: minor('min_amount').notNull(),
  },
  (t) => [
    uniqueIndex('stake_option_variants_key').on(t.optionId, t.durationDays),
    check('stake_variant_duration', sql`${t.durationDays} IN (30, 60, 90, 120)`),
    check('stake_variant_apy', sql`${t.apyBps} > 0 AND ${t.apyBps} <= 1000`),
    check('stake_variant_min', sql`${t.minAmount} > 0`),
  ],
);

/**
 * A user's stake: `principal` (minor units of `asset`) held in LOCKED while ACTIVE or PENDING, on the
 * terms copied from the variant when it was made. `redeem_at` is set by Close; `interest` once paid.
 * `restaked_from` links a restake to the stake it replaced.
 */
export const stakes = pgTable(
  'stakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    optionId: uuid('option_id')
      .notNull()
      .references(() => stakeOptions.id),
    asset: text('asset').notNull(),
    principal: minor('principal').notNull(),
    apyBps: integer('apy_bps').notNull(),
    days: integer('days').notNull(),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }).notNull(),
    redeemAt: timestamp('redeem_at', { withTimezone: true, mode: 'date' }),
    interest: minor('interest'),
    status: text('status', { enum: ['ACTIVE', 'PENDING', 'CLOSED', 'SUCCESS'] }).notNull(),
    restakedFrom: uuid('restaked_from'),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stakes_user_idx').on(t.userId, t.createdAt, t.id),
    index('stakes_due_idx').on(t.status, t.redeemAt),
    uniqueIndex('stakes_restaked_from_key').on(t.restakedFrom),
    // The back office pages every stake in time order and ranks each coin's running stakes by size.
    index('stakes_created_idx').on(t.createdAt, t.id),
    // ... filters them by status and sorts them by coin (issue 46 point 7).
    index('stakes_status_created_idx').on(t.status, t.createdAt, t.id),
    index('stakes_asset_idx').on(t.asset, t.id),
    index('stakes_running_size_idx')
      .on(t.asset, t.principal)
      .where(sql`${t.status} IN ('ACTIVE', 'PENDING')`),
    check('stakes_principal_positive', sql`${t.principal} > 0`),
  ],
);
