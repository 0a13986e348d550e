import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/** What an admin did, to whom and when: append-only, written in the same transaction as the action. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_admin_idx').on(t.adminId, t.createdAt),
    index('admin_audit_log_target_idx').on(t.targetUserId, t.createdAt),
    index('admin_audit_log_created_idx').on(t.createdAt),
    // The audit log screen's sorts and its CSV's keyset pages (issue 46 point 6).
    index('admin_audit_log_created_id_idx').on(t.createdAt, t.id),
    index('admin_audit_log_action_idx').on(t.action, t.id),
  ],
);
