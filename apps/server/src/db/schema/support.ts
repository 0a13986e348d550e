import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, minor, updatedAt } from './columns';

/** Ticket states the spec names; the web shows INACTIVE as PENDING. */
export const SUPPORT_TICKET_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING', 'SUCCESS', 'CLOSED'] as const;

/** A user's support request and, once an administrator answered it, the answer. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: SUPPORT_TICKET_STATUSES }).notNull().default('PENDING'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('support_tickets_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('support_tickets_created_idx').on(t.createdAt),
    // The admin dashboard lists the newest tickets still waiting for the team.
    index('support_tickets_status_created_idx').on(t.status, t.createdAt),
    // The admin list sorts by the latest activity (issue 46 point 7).
    index('support_tickets_updated_idx').on(t.updatedAt, t.id),
    check('support_tickets_subject_len', sql`char_length(${t.subject}) BETWEEN 1 AND 150`),
    check('support_tickets_description_len', sql`char_length(${t.description}) BETWEEN 1 AND 500`),
  ],
);

/**
 * A ticket's thread (issue 46 point 7): the customer's and the team's replies in the order written,
 * after the ticket's description, its first message. `from_team` tells an admin's reply from the
 * customer's (an admin may also be a customer with tickets of their own).
 */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    fromTeam: boolean('from_team').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_ticket_replies_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    check('support_ticket_replies_body_len', sql`char_length(${t.body}) BETWEEN 1 AND 1000`),
  ],
);

export const REFERRAL_STATUSES = ['PENDING', 'SUCCESS', 'REJECTED'] as const;

/**
 * One row per referred user, written at sign-up with a valid code. `amount` is the reward in minor
 * units of `asset`, fixed when the row is written; it is paid once, when the referred user's KYC is
 * approved, and the row moves PENDING -> SUCCESS in the same transaction as the ledger entry.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    referredId: uuid('referred_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('PENDING'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('referrals_referred_key').on(t.referredId),
    index('referrals_referrer_created_idx').on(t.referrerId, t.createdAt),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.referredId}`),
    check('referrals_amount_positive', sql`${t.amount} >= 0`),
  ],
);
