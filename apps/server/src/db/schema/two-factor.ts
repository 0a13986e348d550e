import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/**
 * One-use recovery codes of two-factor sign-in: ten per enrolment, kept only as an HMAC (keyed with
 * OTP_HMAC_KEY) of the user and the code, shown once. A code is spent by one conditional UPDATE
 * (`spent_at IS NULL`), so parallel tries with one code cannot both pass. Turning two-factor off, or
 * on again, deletes the user's codes.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash),
    index('recovery_codes_user_idx').on(t.userId),
  ],
);
