import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { apiKeys } from './api-keys';
import { createdAt } from './columns';

/**
 * The listen keys of Binance's user data stream (issue 48, features/binance-streams): one per API key,
 * shared by every server process, valid until `expiresAt` (an hour after its creation or last PUT).
 */
export const apiListenKeys = pgTable('api_listen_keys', {
  keyId: uuid('key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  listenKey: text('listen_key').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});
