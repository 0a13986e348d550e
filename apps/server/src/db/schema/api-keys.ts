import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/**
 * API keys for programs (the Binance-compatible API, issue 39). The key string itself is never
 * stored: `key_hash` is its SHA-256 (the request's key is looked up by it, one indexed read) and
 * `key_prefix` its first characters, for the owner to tell keys apart. The HMAC secret is sealed by
 * the platform's secret box (AES-256-GCM, a key derived from the server's secret store), bound to the
 * key's id; revoking a key drops it. `ip_allow_list` holds addresses and CIDRs (empty: any address).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    label: text('label').notNull(),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    sealedSecret: text('sealed_secret'),
    canTrade: boolean('can_trade').notNull().default(false),
    ipAllowList: text('ip_allow_list').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Every signed request finds its key by the hash of the key string.
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    // The Security page lists a user's live keys newest first (and counts them against the cap).
    index('api_keys_user_live_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);
