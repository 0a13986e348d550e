import { adminAuditLog } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export interface AdminAction {
  readonly adminId: string;
  /** What was done, in SCREAMING_SNAKE_CASE: KYC_APPROVED, KYC_REJECTED, ... */
  readonly action: string;
  readonly targetUserId?: string | null;
  readonly details?: Record<string, unknown>;
}

/**
 * Writes one line of the admin audit log (who, what, to whom, when). Pass the action's own
 * transaction, so the line exists exactly when the action happened. The table is append-only.
 */
export async function recordAdminAction(db: DbOrTx, action: AdminAction): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: action.adminId,
    action: action.action,
    targetUserId: action.targetUserId ?? null,
    details: action.details ?? {},
  });
}
