import { type AdminTransactionListQuery, sortOrderOf } from '@exchange/contracts';
import { and, count, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { users, walletTransactions } from '../../db/schema';
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
import { rowUserColumns, type TransactionWithUser } from './admin-lists.repository';

/** The filters of the Transactions screen and its CSV (the page's fields are not needed for the CSV). */
export type TransactionFilters = Omit<AdminTransactionListQuery, 'page' | 'limit'>;

const tx = walletTransactions;
const SORT_COLUMNS = { createdAt: tx.createdAt, kind: tx.operation, status: tx.status } as const;

const DAY_MS = 86_400_000;

/** The UTC instant a YYYY-MM-DD day starts. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * The rows the filters keep: one kind (the row's operation), an asset on either side, one status, a
 * UTC date range (`to` counts its whole day), and a term found in the customer's name, e-mail or phone,
 * the operation, a currency, or the row's reference (matched from its start, as an operator pastes it
 * whole or by its prefix such as 'withdrawal:'; the unique reference index serves that prefix).
 */
function transactionWhere(query: TransactionFilters): SQL | undefined {
  const term = query.search ? containsPattern(query.search) : null;
  return and(
    query.kind ? eq(tx.operation, query.kind) : undefined,
    query.asset ? or(eq(tx.fromAsset, query.asset), eq(tx.toAsset, query.asset)) : undefined,
    statusIs(tx.status, query.status),
    query.from ? gte(tx.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(tx.createdAt, new Date(dayStart(query.to).getTime() + DAY_MS)) : undefined,
    term && query.search ? searchMatches(query.search, term) : undefined,
  );
}

/** The customer's name, e-mail or phone, the row's operation or a currency, or its reference's start. */
function searchMatches(search: string, term: string): SQL | undefined {
  const phone = phonePattern(search);
  return or(
    ilike(users.name, term),
    ilike(users.email, term),
    ilike(users.mobileNo, phone),
    ilike(sql`${users.countryCode} || ${users.mobileNo}`, phone),
    ilike(tx.operation, term),
    ilike(tx.fromAsset, term),
    ilike(tx.toAsset, term),
    ilike(tx.reference, `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
  );
}

function transactionSort(query: TransactionFilters): ListSort {
  return listSort(SORT_COLUMNS, tx.id, query.sort, sortOrderOf(query));
}

function selectRows(db: DbOrTx, where: SQL | undefined, sort: ListSort) {
  return db
    .select({ tx: walletTransactions, user: rowUserColumns })
    .from(walletTransactions)
    .innerJoin(users, eq(users.id, walletTransactions.userId))
    .where(where)
    .orderBy(...sortOrderBy(sort));
}

/**
 * One page of every customer's movements with the screen's filters and sort (newest first by
 * default). Time order reads wallet_transactions_created_idx; a kind filter its own (operation,
 * created_at, id) index of migration 0065; a status filter the (status, created_at) one.
 */
export async function listAdminTransactions(
  db: DbOrTx,
  query: AdminTransactionListQuery,
): Promise<{ rows: TransactionWithUser[]; total: number }> {
  const where = transactionWhere(query);
  const rows = await selectRows(db, where, transactionSort(query))
    .limit(query.limit)
    .offset(pageOffset(query));
  const [total] = await db
    .select({ n: count() })
    .from(walletTransactions)
    .innerJoin(users, eq(users.id, walletTransactions.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The `limit` movements after `after` in the screen's filters and sort: a keyset page of its CSV. */
export function adminTransactionsAfter(
  db: DbOrTx,
  query: TransactionFilters,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<TransactionWithUser[]> {
  const sort = transactionSort(query);
  return selectRows(db, and(transactionWhere(query), afterCursor(sort, after)), sort).limit(limit);
}

/** Where the next CSV page starts: the row's sorted value and its id. */
export function adminTransactionCursor(query: TransactionFilters, row: TransactionWithUser): KeysetCursor {
  const value =
    query.sort === 'kind' ? row.tx.operation : query.sort === 'status' ? row.tx.status : row.tx.createdAt;
  return { value, id: row.tx.id };
}
