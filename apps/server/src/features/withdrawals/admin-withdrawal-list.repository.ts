import { type AdminWithdrawalListQuery, type SortOrder, sortOrderOf } from '@exchange/contracts';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { users, withdrawals } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import {
  afterCursor,
  type KeysetCursor,
  type ListSort,
  listSort,
  pageOffset,
  sortOrderBy,
  statusIs,
} from '../../platform/list-sort';
import { containsPattern } from '../../platform/search';
import { lastDepositAtOf, type WithdrawalRow } from './withdrawals.repository';

/** The queue's search, status filter and sort (issue 46 points 5 and 7), shared by its page and its CSV. */
export type AdminWithdrawalFilters = Omit<AdminWithdrawalListQuery, 'page' | 'limit'>;

export interface AdminWithdrawalRow {
  readonly withdrawal: WithdrawalRow;
  readonly user: {
    id: string;
    name: string;
    email: string;
    passwordChangedAt: Date | null;
    totpEnabledAt: Date | null;
  };
  readonly lastDepositAt: Date | null;
  readonly completedWithdrawals: number;
  readonly withdrawn24hCents: string;
  /** The names of the admins who gave the first approval and who decided it (approved or rejected). */
  readonly firstApproverName: string | null;
  readonly deciderName: string | null;
}

/** An admin's name (their e-mail when they have none), read by the users' primary key. */
function adminNameOf(id: SQL): SQL<string | null> {
  return sql<string | null>`(SELECT coalesce(nullif(a.name, ''), a.email) FROM users a WHERE a.id = ${id})`;
}

/** The sortable columns: the contracts' names to this table's columns (no request text reaches SQL). */
const sortColumns = {
  createdAt: withdrawals.createdAt,
  value: withdrawals.valueCents,
  asset: withdrawals.asset,
  status: withdrawals.status,
};

/** The older `orderBy` of callers that send no `order`: newest, oldest or largest first. */
const legacyOrders = {
  created_desc: ['createdAt', 'desc'],
  created_asc: ['createdAt', 'asc'],
  value_desc: ['value', 'desc'],
} as const satisfies Record<string, readonly [keyof typeof sortColumns, SortOrder]>;

function withdrawalSort(query: AdminWithdrawalFilters): ListSort {
  const [sort, order] = query.order ? [query.sort, sortOrderOf(query)] : legacyOrders[query.orderBy];
  return listSort(sortColumns, withdrawals.id, sort, order);
}

function withdrawalWhere(query: AdminWithdrawalFilters): SQL | undefined {
  const term = query.search ? containsPattern(query.search) : null;
  return and(
    statusIs(withdrawals.status, query.status),
    query.id ? eq(withdrawals.id, query.id) : undefined,
    term ? or(ilike(users.name, term), ilike(users.email, term)) : undefined,
  );
}

/**
 * One page of every customer's withdrawals for the admin, sorted by a column (newest first by
 * default; the queue asks oldest first), optionally of one status, searched by the customer's name
 * or e-mail (the users' trigram indexes serve the ILIKEs), with each customer's recent activity read
 * per row by its own index (a page holds at most 100 rows).
 */
export async function listAllWithdrawals(
  db: DbOrTx,
  query: AdminWithdrawalListQuery,
  now: Date,
): Promise<{ rows: AdminWithdrawalRow[]; total: number }> {
  const filter = withdrawalWhere(query);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const rows = await db
    .select({
      withdrawal: withdrawals,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        passwordChangedAt: users.passwordChangedAt,
        totpEnabledAt: users.totpEnabledAt,
      },
      lastDepositAt: lastDepositAtOf(sql`${withdrawals.userId}`),
      completedWithdrawals: sql<number>`(SELECT count(*)::int FROM withdrawals w2
        WHERE w2.user_id = ${withdrawals.userId} AND w2.status = 'COMPLETED')`,
      withdrawn24hCents: sql<string>`(SELECT coalesce(sum(w3.value_cents), 0)::text FROM withdrawals w3
        WHERE w3.user_id = ${withdrawals.userId} AND w3.created_at > ${dayAgo.toISOString()}::timestamptz
        AND w3.status NOT IN ('FAILED', 'REJECTED', 'CANCELLED'))`,
      firstApproverName: adminNameOf(sql`${withdrawals.firstApprovedBy}`),
      deciderName: adminNameOf(sql`${withdrawals.decidedBy}`),
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(filter)
    .orderBy(...sortOrderBy(withdrawalSort(query)))
    .limit(query.limit)
    .offset(pageOffset(query));
  const [total] = await db
    .select({ n: count() })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(filter);
  return {
    rows: rows.map((r) => ({ ...r, lastDepositAt: r.lastDepositAt ? new Date(r.lastDepositAt) : null })),
    total: total?.n ?? 0,
  };
}

/**
 * The `limit` withdrawals after `after` in the queue's filters and sort: a keyset page of its CSV.
 * It reads what the file holds (the row, its customer and the deciding admins), not the per-row
 * activity figures the screen shows, so a million rows cost a million index steps and no more.
 */
export function withdrawalsAfter(
  db: DbOrTx,
  query: AdminWithdrawalFilters,
  after: KeysetCursor | undefined,
  limit: number,
) {
  const sort = withdrawalSort(query);
  return db
    .select({
      withdrawal: withdrawals,
      user: { name: users.name, email: users.email },
      firstApproverName: adminNameOf(sql`${withdrawals.firstApprovedBy}`),
      deciderName: adminNameOf(sql`${withdrawals.decidedBy}`),
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(and(withdrawalWhere(query), afterCursor(sort, after)))
    .orderBy(...sortOrderBy(sort))
    .limit(limit);
}

export type AdminWithdrawalCsvRow = Awaited<ReturnType<typeof withdrawalsAfter>>[number];

/** Where the next keyset page of the queue's CSV starts: the sorted column's value and the id. */
export function withdrawalCursor(query: AdminWithdrawalFilters, row: AdminWithdrawalCsvRow): KeysetCursor {
  const sort = query.order ? query.sort : legacyOrders[query.orderBy][0];
  const key = sort === 'value' ? 'valueCents' : sort;
  return { value: row.withdrawal[key], id: row.withdrawal.id };
}
