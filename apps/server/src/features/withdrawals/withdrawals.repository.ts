import { HOLDING_WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@exchange/domain';
import { and, count, desc, eq, gt, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { nftSendOuts, users, withdrawals } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';
import type { ExpectedHold } from '../ledger/hold-sources';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

const REFUNDED: WithdrawalStatus[] = ['FAILED', 'REJECTED', 'CANCELLED'];

export async function insertWithdrawal(tx: Tx, row: NewWithdrawal): Promise<WithdrawalRow> {
  const [inserted] = await tx.insert(withdrawals).values(row).returning();
  return inserted!;
}

/** Locks one withdrawal (of `userId` when given): another user's answers undefined, as if it did not exist. */
export async function lockWithdrawal(
  tx: Tx,
  id: string,
  userId?: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), userId ? eq(withdrawals.userId, userId) : undefined))
    .for('update');
  return row;
}

/** Moves a locked withdrawal from `from` to its next state; undefined when it was no longer `from`. */
export async function changeWithdrawal(
  tx: Tx,
  id: string,
  from: WithdrawalStatus,
  set: Partial<NewWithdrawal> & { status: WithdrawalStatus },
  at: Date,
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
    .returning();
  return row;
}

export async function countConfirmAttempt(tx: Tx, id: string): Promise<void> {
  await tx
    .update(withdrawals)
    .set({ confirmAttempts: sql`${withdrawals.confirmAttempts} + 1` })
    .where(eq(withdrawals.id, id));
}

/**
 * USD value (cents) of the user's withdrawals requested since `since` and not refunded, and of the NFTs
 * they sent out since then: what the daily limit counts. withdrawals_user_created_idx and
 * nft_send_outs_user_created_idx serve it.
 */
export async function withdrawnCentsSince(db: DbOrTx, userId: string, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${withdrawals.valueCents}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gt(withdrawals.createdAt, since),
        notInArray(withdrawals.status, REFUNDED),
      ),
    );
  // NFT send-outs count toward the same daily limit at their value when requested (issue 43).
  const [nft] = await db
    .select({ cents: sql<string>`coalesce(sum(${nftSendOuts.valueCents}), 0)::text` })
    .from(nftSendOuts)
    .where(and(eq(nftSendOuts.userId, userId), gt(nftSendOuts.createdAt, since)));
  return BigInt(row?.cents ?? '0') + BigInt(nft?.cents ?? '0');
}

/** USD values (cents) of the user's last completed withdrawals, for the unusual-size flag. */
export async function pastCompletedValues(db: DbOrTx, userId: string): Promise<bigint[]> {
  const rows = await db
    .select({ cents: withdrawals.valueCents })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'COMPLETED')))
    .orderBy(desc(withdrawals.createdAt))
    .limit(20);
  return rows.map((r) => BigInt(r.cents));
}

/**
 * When a user's last deposit was credited, USD through a payment provider or coins on a chain (either
 * is money in, whose money straight out is worth a look): payment_orders_user_idx and
 * chain_deposits_user_idx find the user's rows.
 */
export function lastDepositAtOf(userId: SQL | string): SQL<Date | null> {
  return sql<Date | null>`greatest(
    (SELECT max(je.created_at) FROM payment_orders po
      JOIN journal_entries je ON je.id = po.entry_id WHERE po.user_id = ${userId}),
    (SELECT max(cd.credited_at) FROM chain_deposits cd
      WHERE cd.user_id = ${userId} AND cd.status = 'CREDITED'))`;
}

export async function lastDepositAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const result = await db.execute<{ at: Date | string | null }>(sql`SELECT ${lastDepositAtOf(userId)} AS at`);
  const at = result.rows[0]?.at;
  return at ? new Date(at) : null;
}

/** The withdrawals hold source's figures: what REQUESTED to SENT withdrawals hold, per user and asset. */
export async function withdrawalHolds(tx: Tx): Promise<ExpectedHold[]> {
  const rows = await tx
    .select({
      userId: withdrawals.userId,
      asset: withdrawals.asset,
      amount: sql<string>`sum(${withdrawals.amount})::text`,
    })
    .from(withdrawals)
    .where(inArray(withdrawals.status, [...HOLDING_WITHDRAWAL_STATUSES]))
    .groupBy(withdrawals.userId, withdrawals.asset);
  return rows.map((row) => ({ userId: row.userId, asset: row.asset, amount: BigInt(row.amount) }));
}

/** One page of the user's own withdrawals, newest first (withdrawals_user_created_idx). */
export async function listUserWithdrawals(
  db: DbOrTx,
  userId: string,
  paging: { page: number; limit: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId));
  return { rows, total: total?.n ?? 0 };
}

/** A user's e-mail (the PayPal receiver) and name, for mails and payouts. */
export async function contactOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
