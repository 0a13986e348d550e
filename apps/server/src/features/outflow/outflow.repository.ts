import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { journalEntries, paymentOrders, userDebts } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/**
 * Whether the user has an OPEN debt: one probe of the partial index user_debts_open_user_idx, cheap
 * enough to run before every send, swap and sell.
 */
export async function hasOpenDebt(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(userDebts)
    .where(and(eq(userDebts.userId, userId), eq(userDebts.status, 'OPEN')))
    .limit(1);
  return rows.length > 0;
}

/**
 * The user's deposits credited after `since` (their crediting journal entry's time), with what the
 * provider took back of each: what the hold period counts. payment_orders_user_idx finds the user's
 * orders and each entry is read by its key.
 */
export async function depositsCreditedSince(
  db: DbOrTx,
  userId: string,
  since: Date,
): Promise<{ amount: bigint; reversedAmount: bigint; creditedAt: Date }[]> {
  const rows = await db
    .select({
      amount: paymentOrders.amount,
      reversedAmount: paymentOrders.reversedAmount,
      creditedAt: journalEntries.createdAt,
    })
    .from(paymentOrders)
    .innerJoin(journalEntries, eq(journalEntries.id, paymentOrders.entryId))
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.asset, 'USD'),
        isNotNull(paymentOrders.entryId),
        gt(journalEntries.createdAt, since),
      ),
    );
  return rows.map((r) => ({
    amount: BigInt(r.amount),
    reversedAmount: BigInt(r.reversedAmount),
    creditedAt: r.creditedAt,
  }));
}
