import { DEPOSIT_STATUSES } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
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

/** A deposit's order at the payment provider, credited at most once (status CREDITED). */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull(),
    captureId: text('capture_id'),
    /** Cents the provider took back (refunds, chargebacks); never more than `amount`. */
    reversedAmount: minor('reversed_amount').notNull().default('0'),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_orders_provider_key').on(t.provider, t.providerOrderId),
    index('payment_orders_user_idx').on(t.userId),
    // A refund webhook names the capture, not always the order.
    index('payment_orders_capture_idx').on(t.captureId),
    check(
      'payment_orders_reversed_within',
      sql`${t.reversedAmount} >= 0 AND ${t.reversedAmount} <= ${t.amount}`,
    ),
  ],
);

/**
 * What a user owes after a deposit was taken back (refund or chargeback) when their available balance
 * no longer covered it: one row per reversal with a shortfall. The ledger books the same amounts on the
 * USER_DEBT receivable account, so the OPEN rows' sum is minus that account's balance. An OPEN debt
 * restricts the account (no P2P sends, swaps or sells); an admin settles it, either by COLLECTING it
 * from the user's later available USD or by WRITING it OFF as the product's loss (with a note), each a
 * journal entry that clears the receivable (settlement_entry_id).
 */
export const userDebts = pgTable(
  'user_debts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    paymentOrderId: uuid('payment_order_id')
      .notNull()
      .references(() => paymentOrders.id),
    entryId: bigint('entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    /** REFUNDED or REVERSED: what the provider did. */
    reason: text('reason', { enum: ['REFUNDED', 'REVERSED'] }).notNull(),
    status: text('status', { enum: ['OPEN', 'SETTLED'] })
      .notNull()
      .default('OPEN'),
    /** How a SETTLED debt was cleared: COLLECTED from the user's USD, or WRITTEN_OFF as a loss. */
    settlement: text('settlement', { enum: ['COLLECTED', 'WRITTEN_OFF'] }),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    settledBy: uuid('settled_by').references(() => users.id),
    settlementNote: text('settlement_note'),
    settlementEntryId: bigint('settlement_entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_debts_user_idx').on(t.userId),
    // The restriction check on every send, swap and sell: does this user have an open debt?
    index('user_debts_open_user_idx').on(t.userId).where(sql`${t.status} = 'OPEN'`),
    // The admin list, newest first, all or by status.
    index('user_debts_created_idx').on(t.createdAt, t.id),
    index('user_debts_status_created_idx').on(t.status, t.createdAt, t.id),
    check('user_debts_positive', sql`${t.amount} > 0`),
    check(
      'user_debts_settled_whole',
      sql`(${t.status} = 'OPEN') = (${t.settledAt} IS NULL) AND (${t.status} = 'OPEN') = (${t.settlement} IS NULL) AND (${t.status} = 'OPEN') = (${t.settledBy} IS NULL) AND (${t.status} = 'OPEN') = (${t.settlementEntryId} IS NULL)`,
    ),
  ],
);

/** Provider webhook deliveries already seen, so a redelivery is a no-op. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // The hourly prune deletes deliveries by age (features/housekeeping).
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('webhook_events_received_at_idx').on(t.receivedAt),
  ],
);
