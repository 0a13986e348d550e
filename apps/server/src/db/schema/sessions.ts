import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/**
 * One row per sign-in: `id` is the refresh-token family id, which is also the access token's
 * `sessionId`. It is what the Security page lists: the device (browser and system parsed from the
 * user agent), the client network it signed in from (masked: IPv4 /24, IPv6 /64) and when it was last
 * used (moved on refresh, not on every request). Revoking it revokes its refresh-token family, which
 * the request guard checks. `two_factor_passed` is set when the sign-in proved a second factor.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userAgent: text('user_agent').notNull().default(''),
    device: text('device').notNull(),
    network: text('network').notNull(),
    twoFactorPassed: boolean('two_factor_passed').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The Security page lists a user's sessions, most recently used first.
    index('user_sessions_user_idx').on(t.userId, t.lastUsedAt.desc()),
    // The housekeeping prune deletes sessions long unused.
    index('user_sessions_last_used_idx').on(t.lastUsedAt),
  ],
);

/**
 * Sign-in tries of existing accounts, successful or not (an unknown e-mail is not recorded: no row
 * would belong to anyone, and the typed address is not kept). Never the typed password or code.
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    outcome: text('outcome', {
      enum: ['SUCCESS', 'WRONG_PASSWORD', 'WRONG_CODE', 'REFUSED'],
    }).notNull(),
    network: text('network').notNull(),
    device: text('device').notNull(),
  },
  (t) => [
    // The sign-in history pages newest first per user; the new-device check reads the same rows.
    index('sign_in_events_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The housekeeping prune deletes by age.
    index('sign_in_events_created_at_idx').on(t.createdAt),
  ],
);
