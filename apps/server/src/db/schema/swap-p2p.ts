import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, minor } from './columns';
import { journalEntries } from './ledger';

/**
 * A firm swap price for one user (`from_amount` of `from_asset` into `to_asset`), usable once before
 * `expires_at`. Amounts are minor units of their asset; the two reference prices are USD with 8
 * decimals. `kind` tells an ordinary swap from a MULTI purchase (whose amount is cut to 4 decimals).
 */
export const swapQuotes = pgTable(
  'swap_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['swap', 'multi'] }).notNull(),
    fromAsset: text('from_asset').notNull(),
    toAsset: text('to_asset').notNull(),
    fromAmount: minor('from_amount').notNull(),
    fromUsd: minor('from_usd').notNull(),
    toUsd: minor('to_usd').notNull(),
    rate: minor('rate').notNull(),
    gross: minor('gross').notNull(),
    fee: minor('fee').notNull(),
    receive: minor('receive').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('swap_quotes_user_idx').on(t.userId, t.createdAt),
    // The hourly prune deletes quotes a day past their expiry (features/housekeeping).
    index('swap_quotes_expires_at_idx').on(t.expiresAt),
    check('swap_quotes_amounts_positive', sql`${t.fromAmount} > 0 AND ${t.receive} > 0`),
  ],
);

/** One P2P transfer between two users, settled by one journal entry. */
export const p2pTransfers = pgTable(
  'p2p_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    status: text('status', { enum: ['SUCCESS', 'PENDING', 'REJECTED'] }).notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('p2p_transfers_sender_idx').on(t.senderId, t.createdAt),
    index('p2p_transfers_receiver_idx').on(t.receiverId, t.createdAt),
    uniqueIndex('p2p_transfers_entry_key').on(t.entryId),
    check('p2p_transfers_amount_positive', sql`${t.amount} > 0`),
    check('p2p_transfers_not_self', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);
