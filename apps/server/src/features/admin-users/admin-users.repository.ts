import { sortOrderOf } from '@exchange/contracts';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
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
import { containsPattern, phonePattern } from '../../platform/search';

export type UserRow = typeof users.$inferSelect;

export interface UserListRow {
  readonly user: UserRow;
  readonly usdMinor: string | null;
  /** Every balance (available and held), for the Wallet column's value at today's prices. */
  readonly balances?: { asset: string; kind: string; balance: string }[] | null;
  readonly kycId: string | null;
  readonly kycStatus: string | null;
}

/** The user list's filters and sort (issue 46 point 7), shared by its page and its CSV download. */
export interface UserListFilters {
  readonly search?: string | undefined;
  readonly orderBy: 'asc' | 'desc';
  readonly sort: 'createdAt' | 'name' | 'email';
  readonly order?: 'asc' | 'desc' | undefined;
  readonly status?: UserRow['status'] | undefined;
}

const userSortColumns = { createdAt: users.createdAt, name: users.name, email: users.email };

/** The list's sort: newest first unless asked otherwise (`order`, or the spec's `orderBy`). */
export function userListSort(query: UserListFilters): ListSort {
  return listSort(userSortColumns, users.id, query.sort, sortOrderOf(query));
}

function userListWhere(query: UserListFilters): SQL | undefined {
  const search = query.search ?? '';
  const term = search ? containsPattern(search) : null;
  return and(
    eq(users.kind, 'CUSTOMER'),
    statusIs(users.status, query.status),
    term
      ? or(
          ilike(users.name, term),
          ilike(users.email, term),
          ilike(users.mobileNo, phonePattern(search)),
          ilike(sql`${users.countryCode} || ${users.mobileNo}`, phonePattern(search)),
        )
      : undefined,
  );
}

function selectUserRows(db: DbOrTx, where: SQL | undefined, sort: ListSort) {
  return db
    .select({
      user: users,
      // Written out with aliases: drizzle leaves columns unqualified in a one-table select.
      usdMinor: sql<string | null>`(select la.balance::text from ledger_accounts la
        where la.user_id = "users"."id" and la.asset = 'USD' and la.kind = 'AVAILABLE')`,
      // Every balance (available and held), valued at today's prices for the list's Wallet column.
      balances: sql<
        { asset: string; kind: string; balance: string }[] | null
      >`(select json_agg(json_build_object(
        'asset', la.asset, 'kind', la.kind, 'balance', la.balance::text)) from ledger_accounts la
        where la.user_id = "users"."id" and la.kind in ('AVAILABLE', 'LOCKED'))`,
      kycId: sql<string | null>`(select k.id::text from kyc_records k
        where k.user_id = "users"."id" order by k.created_at desc limit 1)`,
      kycStatus: sql<string | null>`(select k.status from kyc_records k
        where k.user_id = "users"."id" order by k.created_at desc limit 1)`,
    })
    .from(users)
    .where(where)
    .orderBy(...sortOrderBy(sort));
}

/**
 * One page of users, newest first unless sorted otherwise (by name or e-mail), in one account status
 * when asked, filtered by a term found anywhere in the name, the e-mail or the phone number (the
 * trigram indexes serve these ILIKEs). Each row carries its USD balance and newest KYC submission
 * through scalar subqueries, so a page is one query. Only customers are listed (kind CUSTOMER, admins
 * included): the house liquidity account is the exchange's own (SYSTEM), as the dashboard's user count
 * leaves it out; users_customers_created_idx serves the default order, and the name and e-mail
 * indexes of migration 0071 the other sorts.
 */
export async function listUsers(
  db: DbOrTx,
  query: UserListFilters & { page: number; limit: number },
): Promise<{ rows: UserListRow[]; total: number }> {
  const where = userListWhere(query);
  const rows = await selectUserRows(db, where, userListSort(query))
    .limit(query.limit)
    .offset(pageOffset(query));
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The `limit` users after `after` in the list's filters and sort: a keyset page of its CSV. */
export function usersAfter(
  db: DbOrTx,
  query: UserListFilters,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<UserListRow[]> {
  const sort = userListSort(query);
  return selectUserRows(db, and(userListWhere(query), afterCursor(sort, after)), sort).limit(limit);
}

export function userListCursor(query: UserListFilters, row: UserListRow): KeysetCursor {
  const value = query.sort === 'createdAt' ? row.user.createdAt : row.user[query.sort];
  return { value, id: row.user.id };
}

export async function setUserStatus(
  tx: DbOrTx,
  userId: string,
  status: UserRow['status'],
  at: Date,
): Promise<void> {
  await tx.update(users).set({ status, updatedAt: at }).where(eq(users.id, userId));
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

export async function setUserRole(
  tx: DbOrTx,
  userId: string,
  role: UserRow['role'],
  at: Date,
): Promise<void> {
  await tx.update(users).set({ role, updatedAt: at }).where(eq(users.id, userId));
}
