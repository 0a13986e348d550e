import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/**
 * Every image a user uploaded: who owns it decides who may read it (KYC documents are private) and
 * which files a KYC submission or a profile may name. The bytes live in the storage (data directory
 * or bucket) under `kind/filename`; the filename is random, never the client's. An upload that no
 * profile or KYC record names a day later is pruned (features/housekeeping/prune-unattached-uploads.ts).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['KYC_DOC', 'PROFILE_IMAGE', 'NFT_IMAGE'] }).notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /**
     * SHA-256 (hex) of the stored, re-encoded bytes: a KYC submission compares its images' hashes
     * with other accounts' to spot one identity behind several accounts. Null for older uploads.
     */
    contentSha256: text('content_sha256'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_filename_key').on(t.filename),
    index('uploads_user_idx').on(t.userId, t.kind),
    // The hourly prune of uploads never attached to a profile or a KYC record reads the oldest first.
    index('uploads_created_idx').on(t.createdAt),
  ],
);
