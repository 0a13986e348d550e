import { USER_KINDS } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    countryCode: text('country_code').notNull(),
    mobileNo: text('mobile_no').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['USER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    /**
     * A person's account (CUSTOMER) or one of the exchange's own (SYSTEM: the house liquidity account,
     * made by the house_system_account migration). Lists, counts and sign-in keep to customers.
     */
    kind: text('kind', { enum: USER_KINDS }).notNull().default('CUSTOMER'),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    isKycVerified: boolean('is_kyc_verified').notNull().default(false),
    refCode: text('ref_code').notNull(),
    referredBy: uuid('referred_by'),
    profilePic: text('profile_pic'),
    /** A phrase the customer chose, shown at the top of every mail we send them (not a secret). */
    antiPhishingPhrase: text('anti_phishing_phrase'),
    /**
     * An admin's TOTP secret (base32). It is set at enrolment and counts only once `totpEnabledAt`
     * is set, which happens when the admin proves the authenticator app with a code.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /**
     * The last 30-second step whose code was accepted. A code counts once: a later sign-in must
     * match a later step, so a code read over a shoulder or from a proxy log cannot be replayed.
     */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** When the password was last changed or reset: withdrawals wait out a cool-down after it (issue 38). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    /** Set while an admin has frozen the account's withdrawals and NFT send-outs (trading stays on). */
    withdrawalsFrozenAt: timestamp('withdrawals_frozen_at', { withTimezone: true, mode: 'date' }),
    withdrawalsFrozenReason: text('withdrawals_frozen_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // E-mails are stored lower-cased (the sign-up schema lower-cases them): look-ups by address
    // (sign-in, P2P recipients) compare the lower-cased address in users_email_key, never lower(email).
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('users_ref_code_key').on(t.refCode),
    // The admin user list pages customers newest first and searches anywhere in name, e-mail and phone.
    index('users_customers_created_idx').on(t.createdAt, t.id).where(sql`${t.kind} = 'CUSTOMER'`),
    // ... and sorts them by name or e-mail (issue 46 point 7).
    index('users_customers_name_idx').on(t.name, t.id).where(sql`${t.kind} = 'CUSTOMER'`),
    index('users_customers_email_idx').on(t.email, t.id).where(sql`${t.kind} = 'CUSTOMER'`),
    // One system account (the house); a second purpose would add a column to tell them apart.
    uniqueIndex('users_one_system_account').on(t.kind).where(sql`${t.kind} = 'SYSTEM'`),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_mobile_trgm_idx').using('gin', t.mobileNo.op('gin_trgm_ops')),
  ],
);

export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['EMAIL_VERIFY', 'PASSWORD_RESET'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  // The hourly prune deletes by expires_at (features/housekeeping).
  (t) => [
    index('otps_user_purpose_idx').on(t.userId, t.purpose),
    index('otps_expires_at_idx').on(t.expiresAt),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    // The hourly prune deletes expired tokens (features/housekeeping).
    index('refresh_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/** Mail waiting for, or already handed to, the transport. The dev mailbox reads it in embedded mode. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  // The hourly prune deletes by age alone, which the per-recipient index cannot serve.
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    index('mail_outbox_created_at_idx').on(t.createdAt),
  ],
);
