import { type AdminStakeListQuery, sortOrderOf } from '@exchange/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { stakes, users, walletTransactions } from '../../db/schema';
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

/** The user columns every back-office row carries. */
export const rowUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  countryCode: users.countryCode,
  mobileNo: users.mobileNo,
  profilePic: users.profilePic,
};

export interface ListQuery {
  readonly page: number;
  readonly limit: number;
  readonly search?: string;
  readonly orderBy: 'asc' | 'desc';
}

/** The term matched against the user's name, e-mail or phone (with or without the calling code). */
function userMatches(term: string): SQL[] {
  const pattern = containsPattern(term);
  const phone = phonePattern(term);
  return [
    ilike(users.name, pattern),
    ilike(users.email, pattern),
    ilike(users.mobileNo, phone),
    ilike(sql`${users.countryCode} || ${users.mobileNo}`, phone),
  ];
}

export type TransactionWithUser = Awaited<ReturnType<typeof selectTransactions>>[number];

function selectTransactions(
  db: DbOrTx,
  where: SQL | undefined,
  order: 'asc' | 'desc',
  limit: number,
  offset = 0,
) {
  const direction = order === 'asc' ? asc : desc;
  return db
    .select({ tx: walletTransactions, user: rowUserColumns })
    .from(walletTransactions)
    .innerJoin(users, eq(users.id, walletTransactions.userId))
    .where(where)
    .orderBy(direction(walletTransactions.createdAt), direction(walletTransactions.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Every user's wallet transactions, a page at a time in time order (the created-at index serves it),
 * filtered by a term found in the user's name, e-mail or phone, the operation or a currency code.
 */
export async function listTransactions(db: DbOrTx, query: ListQuery) {
  const term = query.search;
  const pattern = term ? containsPattern(term) : '';
  const where = term
    ? or(
        ...userMatches(term),
        ilike(walletTransactions.operation, pattern),
        ilike(walletTransactions.fromAsset, pattern),
        ilike(walletTransactions.toAsset, pattern),
      )
    : undefined;
  const rows = await selectTransactions(
    db,
    where,
    query.orderBy,
    query.limit,
    (query.page - 1) * query.limit,
  );
  const [total] = await db
    .select({ n: count() })
    .from(walletTransactions)
    .innerJoin(users, eq(users.id, walletTransactions.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The newest transactions, optionally only those in one status (the dashboard's latest lists). */
export function latestTransactions(db: DbOrTx, limit: number, status?: 'PENDING') {
  return selectTransactions(db, status ? eq(walletTransactions.status, status) : undefined, 'desc', limit);
}

/** The wallet transaction that opened each stake (its reference is `stake:create:<stake id>`). */
const openingTransactionId = sql<string | null>`(
  SELECT ${walletTransactions.id} FROM ${walletTransactions}
  WHERE ${walletTransactions.reference} = 'stake:create:' || ${stakes.id}::text)`;

/** The stakes list's search, status filter and sort (issue 46 point 7), shared by its page and its CSV. */
export type StakeListFilters = Omit<AdminStakeListQuery, 'page' | 'limit'>;

const stakeSortColumns = {
  createdAt: stakes.createdAt,
  asset: stakes.asset,
  days: stakes.days,
  status: stakes.status,
};

function stakeListSort(query: StakeListFilters): ListSort {
  return listSort(stakeSortColumns, stakes.id, query.sort, sortOrderOf(query));
}

function stakeListWhere(query: StakeListFilters): SQL | undefined {
  const term = query.search;
  return and(
    statusIs(stakes.status, query.status),
    term ? or(...userMatches(term), ilike(stakes.asset, containsPattern(term))) : undefined,
  );
}

function selectStakes(db: DbOrTx, where: SQL | undefined, sort: ListSort) {
  return db
    .select({ stake: stakes, user: rowUserColumns, transactionId: openingTransactionId })
    .from(stakes)
    .innerJoin(users, eq(users.id, stakes.userId))
    .where(where)
    .orderBy(...sortOrderBy(sort));
}

/**
 * Every user's stakes, a page at a time, searched by the user or the coin, in one status when asked,
 * sorted by a column (newest first by default; the indexes of migration 0071 serve status and asset).
 */
export async function listStakes(db: DbOrTx, query: AdminStakeListQuery) {
  const where = stakeListWhere(query);
  const rows = await selectStakes(db, where, stakeListSort(query))
    .limit(query.limit)
    .offset(pageOffset(query));
  const [total] = await db
    .select({ n: count() })
    .from(stakes)
    .innerJoin(users, eq(users.id, stakes.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The `limit` stakes after `after` in the list's filters and sort: a keyset page of its CSV. */
export function stakesAfter(
  db: DbOrTx,
  query: StakeListFilters,
  after: KeysetCursor | undefined,
  limit: number,
) {
  const sort = stakeListSort(query);
  return selectStakes(db, and(stakeListWhere(query), afterCursor(sort, after)), sort).limit(limit);
}

/** Where the next keyset page of the stakes CSV starts. */
export function stakeListCursor(query: StakeListFilters, row: StakeWithUser): KeysetCursor {
  return { value: row.stake[query.sort], id: row.stake.id };
}

export type StakeWithUser = Awaited<ReturnType<typeof listStakes>>['rows'][number];

/** Statuses in which a stake still holds its principal. */
const RUNNING = ['ACTIVE', 'PENDING'] as const;

/**
 * The `perAsset` largest running stakes of each coin (by principal, which the running-stakes index on
 * asset and principal serves); the caller ranks them across coins by value.
 */
export async function largestRunningStakes(db: DbOrTx, assets: readonly string[], perAsset: number) {
  const found: StakeWithUser[] = [];
  for (const asset of assets) {
    const rows = await db
      .select({ stake: stakes, user: rowUserColumns, transactionId: openingTransactionId })
      .from(stakes)
      .innerJoin(users, eq(users.id, stakes.userId))
      .where(and(eq(stakes.asset, asset), inArray(stakes.status, RUNNING)))
      .orderBy(desc(stakes.principal), desc(stakes.createdAt))
      .limit(perAsset);
    found.push(...rows);
  }
  return found;
}
