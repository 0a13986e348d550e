import type { AdminAuditLogQuery } from '@exchange/contracts';
import { sortOrderOf } from '@exchange/contracts';
import { aliasedTable, and, count, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { adminAuditLog, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import {
  afterCursor,
  type KeysetCursor,
  type ListSort,
  listSort,
  pageOffset,
  sortOrderBy,
} from '../../platform/list-sort';
import { containsPattern } from '../../platform/search';

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

/** The filters of the audit log's page and of its CSV download (the paging fields aside). */
export type AuditLogFilters = Omit<AdminAuditLogQuery, 'page' | 'limit'>;

const sortColumns = { createdAt: adminAuditLog.createdAt, action: adminAuditLog.action };

export function auditLogSort(query: AuditLogFilters): ListSort {
  return listSort(sortColumns, adminAuditLog.id, query.sort, sortOrderOf(query));
}

/** A UTC day's start, and the next day's (a `to` day is included whole). */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDayStart = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60 * 1000);

function auditLogWhere(query: AuditLogFilters): SQL | undefined {
  const person = (table: typeof admins, term: string) =>
    or(ilike(table.name, containsPattern(term)), ilike(table.email, containsPattern(term)));
  return and(
    query.userId ? eq(adminAuditLog.targetUserId, query.userId) : undefined,
    query.admin ? person(admins, query.admin) : undefined,
    query.target ? person(targets, query.target) : undefined,
    query.action ? eq(adminAuditLog.action, query.action) : undefined,
    query.from ? gte(adminAuditLog.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(adminAuditLog.createdAt, nextDayStart(query.to)) : undefined,
  );
}

function selectLines(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      line: adminAuditLog,
      admin: { id: admins.id, name: admins.name, email: admins.email },
      target: { id: targets.id, name: targets.name, email: targets.email },
    })
    .from(adminAuditLog)
    .innerJoin(admins, eq(admins.id, adminAuditLog.adminId))
    .leftJoin(targets, eq(targets.id, adminAuditLog.targetUserId))
    .where(where)
    .$dynamic();
}

/**
 * One page of the audit log with its filters and sort (newest first by default; the created-at
 * index serves it, and admin_audit_log_action_idx the sort by action).
 */
export async function listAuditLog(
  db: DbOrTx,
  query: AdminAuditLogQuery,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = auditLogWhere(query);
  const rows = await selectLines(db, where)
    .orderBy(...sortOrderBy(auditLogSort(query)))
    .limit(query.limit)
    .offset(pageOffset(query));
  // Typed by hand: drizzle types a count's row over a left join as never.
  const counted: readonly { n: number }[] = await db
    .select({ n: count() })
    .from(adminAuditLog)
    .innerJoin(admins, eq(admins.id, adminAuditLog.adminId))
    .leftJoin(targets, eq(targets.id, adminAuditLog.targetUserId))
    .where(where);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** The `limit` lines after `after` in the log's filter and sort: a keyset page of the CSV download. */
export function auditLogAfter(
  db: DbOrTx,
  query: AuditLogFilters,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<AuditLogRow[]> {
  const sort = auditLogSort(query);
  return selectLines(db, and(auditLogWhere(query), afterCursor(sort, after)))
    .orderBy(...sortOrderBy(sort))
    .limit(limit);
}

/** Where the next page starts after `row`: its sorted value and id. */
export function auditLogCursor(query: AuditLogFilters, row: AuditLogRow): KeysetCursor {
  return { value: query.sort === 'action' ? row.line.action : row.line.createdAt, id: row.line.id };
}
