import { aliasedTable, and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { adminAuditLog, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { containsPattern, phonePattern } from '../../platform/search';

export type UserRow = typeof users.$inferSelect;

export interface UserListRow {
  readonly user: UserRow;
  readonly usdMinor: string | null;
  readonly kycId: string | null;
  readonly kycStatus: string | null;
}

/**
 * One page of users, newest first unless asked otherwise, filtered by a term found anywhere in the
 * name, the e-mail or the phone number (the trigram indexes serve these ILIKEs). Each row carries its
 * USD balance and newest KYC submission through scalar subqueries, so a page is one query. Only
 * customers are listed (kind CUSTOMER, admins included): the house liquidity account is the exchange's
 * own (SYSTEM), as the dashboard's user count leaves it out; users_customers_created_idx serves the
 * order.
 */
export async function listUsers(
  db: DbOrTx,
  query: { page: number; limit: number; search?: string | undefined; orderBy: 'asc' | 'desc' },
): Promise<{ rows: UserListRow[]; total: number }> {
  const search = query.search ?? '';
  const term = search ? containsPattern(search) : null;
  const filter = and(
    eq(users.kind, 'CUSTOMER'),
    term
      ? or(
          ilike(users.name, term),
          ilike(users.email, term),
          ilike(users.mobileNo, phonePattern(search)),
          ilike(sql`${users.countryCode} || ${users.mobileNo}`, phonePattern(search)),
        )
      : undefined,
  );
  const order =
    query.orderBy === 'asc' ? [asc(users.createdAt), asc(users.id)] : [desc(users.createdAt), desc(users.id)];
  const rows = await db
    .select({
      user: users,
      // Written out with aliases: drizzle leaves columns unqualified in a one-table select.
      usdMinor: sql<string | null>`(select la.balance::text from ledger_accounts la
        where la.user_id = "users"."id" and la.asset = 'USD' and la.kind = 'AVAILABLE')`,
      kycId: sql<string | null>`(select k.id::text from kyc_records k
        where k.user_id = "users"."id" order by k.created_at desc limit 1)`,
      kycStatus: sql<string | null>`(select k.status from kyc_records k
        where k.user_id = "users"."id" order by k.created_at desc limit 1)`,
    })
    .from(users)
    .where(filter)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(users).where(filter);
  return { rows, total: total?.n ?? 0 };
}

export async function setUserStatus(
  tx: DbOrTx,
  userId: string,
  status: UserRow['status'],
  at: Date,
): Promise<void> {
  await tx.update(users).set({ status, updatedAt: at }).where(eq(users.id, userId));
}

export async function setUserRole(
  tx: DbOrTx,
  userId: string,
  role: UserRow['role'],
  at: Date,
): Promise<void> {
  await tx.update(users).set({ role, updatedAt: at }).where(eq(users.id, userId));
}

const admins = aliasedTable(users, 'admins');
const targets = aliasedTable(users, 'targets');

interface Person {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export interface AuditLogRow {
  readonly line: typeof adminAuditLog.$inferSelect;
  readonly admin: Person;
  readonly target: Person | null;
}

/** One page of the admin audit log, newest first; only the lines about one user when asked. */
export async function listAuditLog(
  db: DbOrTx,
  query: { page: number; limit: number; userId?: string },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const filter = query.userId ? eq(adminAuditLog.targetUserId, query.userId) : undefined;
  const rows = await db
    .select({
      line: adminAuditLog,
      admin: { id: admins.id, name: admins.name, email: admins.email },
      target: { id: targets.id, name: targets.name, email: targets.email },
    })
    .from(adminAuditLog)
    .innerJoin(admins, eq(admins.id, adminAuditLog.adminId))
    .leftJoin(targets, eq(targets.id, adminAuditLog.targetUserId))
    .where(filter)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(adminAuditLog).where(filter);
  return { rows, total: total?.n ?? 0 };
}
/** Freezes (frozenAt set) or unfreezes (null) the user's withdrawals, with the admin's reason. */
export async function setWithdrawalsFrozen(
  tx: DbOrTx,
  userId: string,
  freeze: { frozenAt: Date | null; reason: string | null },
  at: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ withdrawalsFrozenAt: freeze.frozenAt, withdrawalsFrozenReason: freeze.reason, updatedAt: at })
    .where(eq(users.id, userId));
}

