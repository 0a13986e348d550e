import { WITHDRAWAL_METHODS, WITHDRAWAL_STATUSES } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, minor, updatedAt } from './columns';

/**
 * A customer's withdrawal (issue 38). `amount` (minor units of `asset`) is held in LOCKED from the
 * request until it completes (paid out: `receive` to the payment provider, `fee` to fee revenue) or is
 * refunded (FAILED, REJECTED, CANCELLED). `destination` is where it goes: the PayPal e-mail for USD, an
 * address for coins. The e-mailed confirmation code is kept only as an HMAC, used once, short-lived.
 * `value_cents` is its USD value when requested (daily limit, admin queue, auto-approval).
 */
/**
 * A customer's address book (issue 38): labelled destinations per chain, EIP-55 checksummed, one entry
 * per (user, chain, address). A new entry may be withdrawn to from `usable_at` (the cool-down after
 * adding it).
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    usableAt: timestamp('usable_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawal_addresses_user_chain_address_key').on(t.userId, t.chain, t.address),
    // The customer's book, newest first, per chain or all (searched within the customer's rows).
    index('withdrawal_addresses_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    method: text('method', { enum: WITHDRAWAL_METHODS }).notNull(),
    destination: text('destination').notNull(),
    amount: minor('amount').notNull(),
    fee: minor('fee').notNull(),
    valueCents: minor('value_cents').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    confirmCodeHash: text('confirm_code_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true, mode: 'date' }),
    confirmAttempts: integer('confirm_attempts').notNull().default(0),
    reason: text('reason'),
    /** The payout's batch id at PayPal (ours: the withdrawal id) or, later, the transaction hash. */
    providerRef: text('provider_ref'),
    /** Coins: the chain's key, the address-book entry it came from and its label then, the mined hash. */
    chain: text('chain'),
    addressId: uuid('address_id').references(() => withdrawalAddresses.id, { onDelete: 'set null' }),
    label: text('label'),
    txHash: text('tx_hash'),
    /** When the sender first found the hot wallet short for it (admins were told then, once). */
    fundsShortAt: timestamp('funds_short_at', { withTimezone: true, mode: 'date' }),
    /**
     * Held for an admin (PENDING_APPROVAL) because the account's standing failed at confirm, approve or
     * send (checkAccountStanding): the problems, comma-separated (STANDING_PROBLEMS), and since when. A
     * security change before `held_at` was shown to the admin; one after it holds the withdrawal again.
     */
    heldReason: text('held_reason'),
    heldAt: timestamp('held_at', { withTimezone: true, mode: 'date' }),
    /**
     * Four eyes (issue 46): the first admin's approval of a withdrawal above the second-approval value;
     * it stays PENDING_APPROVAL until a different admin's approval decides it (`decided_by`).
     */
    firstApprovedBy: uuid('first_approved_by').references(() => users.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** USD: when the payout job last asked PayPal about it (it asks the least recently asked first). */
    payoutAskedAt: timestamp('payout_asked_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('withdrawals_amounts', sql`${t.amount} > ${t.fee} AND ${t.fee} >= 0 AND ${t.valueCents} >= 0`),
    check(
      'withdrawals_four_eyes',
      sql`${t.firstApprovedBy} IS NULL OR ${t.decidedBy} IS NULL OR ${t.firstApprovedBy} <> ${t.decidedBy} OR ${t.status} IN ('REJECTED', 'CANCELLED')`,
    ),
    // The customer's history, newest first, and their last 24 hours for the daily limit.
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The admin queue pages by status, newest first; the payout job reads SENDING, APPROVED and SENT ones.
    index('withdrawals_status_created_idx').on(t.status, t.createdAt, t.id),
    index('withdrawals_created_idx').on(t.createdAt, t.id),
    // The queue sorted by USD value or by coin, and its CSV's keyset pages (issue 46, migration 0077).
    index('withdrawals_value_idx').on(t.valueCents, t.id),
    index('withdrawals_asset_idx').on(t.asset, t.id),
    // Was this address used by the customer before (the new-address flag)?
    index('withdrawals_user_destination_idx').on(t.userId, t.destination),
  ],
);
