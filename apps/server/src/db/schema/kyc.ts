import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

/** One identity document of a KYC submission, as the customer entered it. */
export interface KycDocumentRow {
  readonly identifier: 'ID_CARD' | 'PAN_CARD';
  readonly number: string;
  readonly front_image: string;
  readonly back_image: string;
}

/**
 * A customer's KYC submission. PENDING moves to APPROVED or REJECTED once, by an admin. A user has at
 * most one PENDING or APPROVED submission (partial unique index), so a resubmission is possible only
 * after a rejection, even when two submissions race.
 */
export const kycRecords = pgTable(
  'kyc_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobileNo: text('mobile_no').notNull(),
    countryCode: text('country_code').notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    landmark: text('landmark').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    documents: jsonb('documents').$type<KycDocumentRow[]>().notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('kyc_records_user_idx').on(t.userId, t.createdAt),
    index('kyc_records_created_idx').on(t.createdAt),
    index('kyc_records_pending_idx').on(t.createdAt).where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('kyc_records_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('PENDING', 'APPROVED')`),
  ],
);
