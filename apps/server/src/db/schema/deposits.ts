import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    status: text('status', {
      enum: ['CREATED', 'APPROVED', 'DECLINED', 'PENDING', 'CAPTURED', 'CREDITED', 'FAILED'],
    }).notNull(),
    captureId: text('capture_id'),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_orders_provider_key').on(t.provider, t.providerOrderId),
    index('payment_orders_user_idx').on(t.userId),
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
