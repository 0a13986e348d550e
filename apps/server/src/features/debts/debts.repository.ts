import { type AdminDebtListQuery, sortOrderOf } from '@exchange/contracts';
import { aliasedTable, and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { paymentOrders, userDebts, users } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';
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

export type DebtRow = typeof userDebts.$inferSelect;

/** Cents the user owes in USD on OPEN debts (0 when none), through the same partial index. */
export async function openDebtCents(db: DbOrTx, userId: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${userDebts.amount})::text` })
    .from(userDebts)
    .where(and(eq(userDebts.userId, userId), eq(userDebts.status, 'OPEN'), eq(userDebts.asset, 'USD')));
  return BigInt(row?.total ?? '0');
}

const debtors = aliasedTable(users, 'debtors');
const settlers = aliasedTable(users, 'settlers');

interface Person {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export interface DebtListRow {
  readonly debt: DebtRow;
  readonly user: Person;
  readonly orderId: string;
  readonly settledBy: Person | null;
}

/** The debts list's search, status, user and sort (issue 46 point 7), shared by its page and its CSV. */
export type DebtListFilters = Omit<AdminDebtListQuery, 'page' | 'limit'>;

const debtSortColumns = {
  createdAt: userDebts.createdAt,
  amount: userDebts.amount,
  status: userDebts.status,
};

function debtListSort(query: DebtListFilters): ListSort {
  return listSort(debtSortColumns, userDebts.id, query.sort, sortOrderOf(query));
}

function debtListWhere(query: DebtListFilters): SQL | undefined {
  const term = query.search ? containsPattern(query.search) : null;
  return and(
    statusIs(userDebts.status, query.status),
    query.userId ? eq(userDebts.userId, query.userId) : undefined,
    term ? or(ilike(debtors.name, term), ilike(debtors.email, term)) : undefined,
  );
}

function selectDebts(db: DbOrTx, where: SQL | undefined, sort: ListSort) {
  return db
    .select({
      debt: userDebts,
      user: { id: debtors.id, name: debtors.name, email: debtors.email },
      orderId: paymentOrders.providerOrderId,
      settledBy: { id: settlers.id, name: settlers.name, email: settlers.email },
    })
    .from(userDebts)
    .innerJoin(debtors, eq(debtors.id, userDebts.userId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, userDebts.paymentOrderId))
    .leftJoin(settlers, eq(settlers.id, userDebts.settledBy))
    .where(where)
    .orderBy(...sortOrderBy(sort));
}

/**
 * One page of debts, newest first unless sorted otherwise (by amount or status, either way),
 * optionally only OPEN or SETTLED ones or one user's, searched by the user's name or e-mail (the
 * users' trigram indexes serve the ILIKEs); the default order is served by user_debts_created_idx, or
 * user_debts_status_created_idx with a status.
 */
export async function listDebts(
  db: DbOrTx,
  query: AdminDebtListQuery,
): Promise<{ rows: DebtListRow[]; total: number }> {
  const filter = debtListWhere(query);
  const rows = await selectDebts(db, filter, debtListSort(query))
    .limit(query.limit)
    .offset(pageOffset(query));
  const [total] = await db
    .select({ n: count() })
    .from(userDebts)
    .innerJoin(debtors, eq(debtors.id, userDebts.userId))
    .where(filter);
  return { rows, total: total?.n ?? 0 };
}

/** The `limit` debts after `after` in the list's filters and sort: a keyset page of its CSV. */
export function debtsAfter(
  db: DbOrTx,
  query: DebtListFilters,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<DebtListRow[]> {
  const sort = debtListSort(query);
  return selectDebts(db, and(debtListWhere(query), afterCursor(sort, after)), sort).limit(limit);
}

/** Where the next keyset page of the debts CSV starts (the id is a bigint, bound as its digits). */
export function debtListCursor(query: DebtListFilters, row: DebtListRow): KeysetCursor {
  return { value: row.debt[query.sort], id: row.debt.id.toString() };
}

/** One debt as the list shows it, or undefined. */
export async function findDebtListRow(db: DbOrTx, id: bigint): Promise<DebtListRow | undefined> {
  const [row] = await db
    .select({
      debt: userDebts,
      user: { id: debtors.id, name: debtors.name, email: debtors.email },
      orderId: paymentOrders.providerOrderId,
      settledBy: { id: settlers.id, name: settlers.name, email: settlers.email },
    })
    .from(userDebts)
    .innerJoin(debtors, eq(debtors.id, userDebts.userId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, userDebts.paymentOrderId))
    .leftJoin(settlers, eq(settlers.id, userDebts.settledBy))
    .where(eq(userDebts.id, id));
  return row;
}

/** Locks the debt's row until the transaction ends and returns it as it now is. */
export async function lockDebt(tx: Tx, id: bigint): Promise<DebtRow | undefined> {
  const [row] = await tx.select().from(userDebts).where(eq(userDebts.id, id)).for('update');
  return row;
}

/** Marks an OPEN debt SETTLED, with how, by whom, when, the note and the settling entry. */
export async function markDebtSettled(
  tx: Tx,
  id: bigint,
  settled: {
    settlement: NonNullable<DebtRow['settlement']>;
    settledBy: string;
    at: Date;
    note: string;
    entryId: bigint;
  },
): Promise<boolean> {
  const moved = await tx
    .update(userDebts)
    .set({
      status: 'SETTLED',
      settlement: settled.settlement,
      settledBy: settled.settledBy,
      settledAt: settled.at,
      settlementNote: settled.note === '' ? null : settled.note,
      settlementEntryId: settled.entryId,
    })
    .where(and(eq(userDebts.id, id), eq(userDebts.status, 'OPEN')))
    .returning({ id: userDebts.id });
  return moved.length > 0;
}
