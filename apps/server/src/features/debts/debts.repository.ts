import { aliasedTable, and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { paymentOrders, userDebts, users } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';
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

export interface DebtListQuery {
  readonly page: number;
  readonly limit: number;
  readonly search?: string | undefined;
  readonly orderBy: 'asc' | 'desc';
  readonly status?: DebtRow['status'] | undefined;
  readonly userId?: string | undefined;
}

/**
 * One page of debts, newest first unless asked otherwise, optionally only OPEN or SETTLED ones or one
 * user's, searched by the user's name or e-mail (the users' trigram indexes serve the ILIKEs); the
 * order is served by user_debts_created_idx, or user_debts_status_created_idx with a status.
 */
export async function listDebts(
  db: DbOrTx,
  query: DebtListQuery,
): Promise<{ rows: DebtListRow[]; total: number }> {
  const term = query.search ? containsPattern(query.search) : null;
  const filter = and(
    query.status ? eq(userDebts.status, query.status) : undefined,
    query.userId ? eq(userDebts.userId, query.userId) : undefined,
    term ? or(ilike(debtors.name, term), ilike(debtors.email, term)) : undefined,
  );
  const order =
    query.orderBy === 'asc'
      ? [asc(userDebts.createdAt), asc(userDebts.id)]
      : [desc(userDebts.createdAt), desc(userDebts.id)];
  const rows = await db
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
    .where(filter)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(userDebts)
    .innerJoin(debtors, eq(debtors.id, userDebts.userId))
    .where(filter);
  return { rows, total: total?.n ?? 0 };
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
