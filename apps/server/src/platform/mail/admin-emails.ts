import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { DbOrTx } from '../db';

/** Where alerts for people go: every active administrator's e-mail address. */
export async function adminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')));
  return rows.map((row) => row.email);
}
