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
 * Another account's PENDING or APPROVED submission that shared an identity key with this one when it
 * was submitted (packages/domain kyc/identity-match.ts), and which keys matched.
 */
export interface KycIdentityMatchRow {
  readonly kyc_id: string;
  readonly user_id: string;
  readonly fields: ReadonlyArray<'document_number' | 'name_dob' | 'image'>;
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
    /**
     * The identity keys the duplicate lookup compares, normalised by the domain at submission:
     * document numbers, name with birth date, and the SHA-256 of each stored document image.
     */
    documentKeys: text('document_keys').array().notNull().default(sql`'{}'::text[]`),
    nameDobKey: text('name_dob_key').notNull().default(''),
    imageHashes: text('image_hashes').array().notNull().default(sql`'{}'::text[]`),
    /** The flag: other accounts' submissions this one matched when it was submitted; [] when none. */
    identityMatches: jsonb('identity_matches').$type<KycIdentityMatchRow[]>().notNull().default([]),
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
    // The admin KYC list's status filter in time order (issue 46 point 7).
    index('kyc_records_status_created_idx').on(t.status, t.createdAt, t.id),
    // The duplicate-identity lookup reads only open and approved submissions, by any of its keys.
    index('kyc_records_document_keys_idx')
      .using('gin', t.documentKeys)
      .where(sql`${t.status} in ('PENDING', 'APPROVED')`),
    index('kyc_records_name_dob_idx').on(t.nameDobKey).where(sql`${t.status} in ('PENDING', 'APPROVED')`),
    index('kyc_records_image_hashes_idx')
      .using('gin', t.imageHashes)
      .where(sql`${t.status} in ('PENDING', 'APPROVED')`),
    uniqueIndex('kyc_records_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('PENDING', 'APPROVED')`),
  ],
);
