import type { StakeStatus } from '@exchange/domain';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { stakeOptions, stakeOptionVariants, stakes } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';
import { ownRows, ownRowsNewestFirst } from '../../platform/own-rows';
import type { ExpectedHold } from '../ledger/hold-sources';

export type StakeRow = typeof stakes.$inferSelect;

export interface StakeOptionWithVariants {
  readonly id: string;
  readonly asset: string;
  readonly name: string;
  readonly variants: { durationDays: number; apyBps: bigint; minAmount: bigint }[];
}

/** Enabled options in display order, each with its variants by duration. */
export async function listStakeOptions(db: DbOrTx, optionId?: string): Promise<StakeOptionWithVariants[]> {
  const rows = await db
    .select({
      id: stakeOptions.id,
      asset: stakeOptions.asset,
      name: stakeOptions.name,
      durationDays: stakeOptionVariants.durationDays,
      apyBps: stakeOptionVariants.apyBps,
      minAmount: stakeOptionVariants.minAmount,
    })
    .from(stakeOptions)
    .innerJoin(stakeOptionVariants, eq(stakeOptionVariants.optionId, stakeOptions.id))
    .where(
      and(eq(stakeOptions.enabled, true), optionId === undefined ? undefined : eq(stakeOptions.id, optionId)),
    )
    .orderBy(asc(stakeOptions.sortOrder), asc(stakeOptions.asset), asc(stakeOptionVariants.durationDays));
  const byId = new Map<string, StakeOptionWithVariants>();
  for (const row of rows) {
    let option = byId.get(row.id);
    if (!option) {
      option = { id: row.id, asset: row.asset, name: row.name, variants: [] };
      byId.set(row.id, option);
    }
    option.variants.push({
      durationDays: row.durationDays,
      apyBps: BigInt(row.apyBps),
      minAmount: BigInt(row.minAmount),
    });
  }
  return [...byId.values()];
}

export async function insertStake(tx: Tx, values: typeof stakes.$inferInsert): Promise<StakeRow> {
  const [row] = await tx.insert(stakes).values(values).returning();
  if (!row) throw new Error('stake insert returned nothing');
  return row;
}

/** The user's stake, locked for the rest of the transaction; undefined when it is not theirs. */
export async function lockUserStake(tx: Tx, userId: string, stakeId: string): Promise<StakeRow | undefined> {
  const [row] = await tx
    .select()
    .from(stakes)
    .where(and(eq(stakes.id, stakeId), eq(stakes.userId, userId)))
    .for('update');
  return row;
}

/**
 * Moves a stake on from `from` to the values given; the WHERE on the current status is the guard
 * that makes a second, racing change find nothing. Returns the row after the change, or undefined.
 */
export async function changeStakeStatus(
  tx: Tx,
  stakeId: string,
  from: StakeStatus,
  set: Partial<typeof stakes.$inferInsert>,
): Promise<StakeRow | undefined> {
  const [row] = await tx
    .update(stakes)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(stakes.id, stakeId), eq(stakes.status, from)))
    .returning();
  return row;
}

/** A page of the user's stakes, newest first; `search` matches the coin or the status. */
export async function listUserStakes(
  db: DbOrTx,
  userId: string,
  options: { page: number; limit: number; search?: string },
) {
  const term = options.search ? `%${options.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    ownRows(stakes.userId, userId),
    term ? or(ilike(stakes.asset, term), ilike(stakes.status, term)) : undefined,
  );
  const rows = await db
    .select()
    .from(stakes)
    .where(where)
    .orderBy(...ownRowsNewestFirst(stakes.userId, desc(stakes.createdAt), desc(stakes.id)))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const [total] = await db.select({ n: count() }).from(stakes).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Ids of PENDING stakes whose redemption is due at `now`, oldest first. */
export async function dueStakeIds(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: stakes.id })
    .from(stakes)
    .where(and(eq(stakes.status, 'PENDING'), lte(stakes.redeemAt, now)))
    .orderBy(asc(stakes.redeemAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What stakes hold right now: the principal of every ACTIVE or PENDING stake, per user and coin. */
export async function stakeHolds(tx: Tx): Promise<ExpectedHold[]> {
  const rows = await tx
    .select({
      userId: stakes.userId,
      asset: stakes.asset,
      amount: sql<string>`sum(${stakes.principal})::text`,
    })
    .from(stakes)
    .where(inArray(stakes.status, ['ACTIVE', 'PENDING']))
    .groupBy(stakes.userId, stakes.asset);
  return rows.map((row) => ({ userId: row.userId, asset: row.asset, amount: BigInt(row.amount) }));
}

/** Locks one stake for its redemption, or answers undefined when another run holds it (SKIP LOCKED). */
export async function lockStakeUnlessTaken(tx: DbOrTx, stakeId: string): Promise<StakeRow | undefined> {
  const [row] = await tx
    .select()
    .from(stakes)
    .where(eq(stakes.id, stakeId))
    .for('update', { skipLocked: true });
  return row;
}
