import { depositStatusesBefore } from '@exchange/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentOrders, userDebts, users } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/** The business reference of a deposit: its journal entry and its wallet transaction share it. */
export function depositReference(order: Pick<PaymentOrderRow, 'provider' | 'providerOrderId'>): string {
  return `deposit:${order.provider}:${order.providerOrderId}`;
}

export async function insertPaymentOrder(
  db: DbOrTx,
  order: { id: string; userId: string; provider: string; providerOrderId: string; amount: bigint },
): Promise<PaymentOrderRow> {
  const [row] = await db
    .insert(paymentOrders)
    .values({ ...order, asset: 'USD', amount: order.amount.toString(), status: 'CREATED' })
    .returning();
  return row!;
}

/** The order with this provider id, if it belongs to the user (someone else's order is "not found"). */
export async function findUserOrder(db: DbOrTx, provider: string, providerOrderId: string, userId: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.provider, provider),
        eq(paymentOrders.providerOrderId, providerOrderId),
        eq(paymentOrders.userId, userId),
      ),
    );
  return row;
}

export async function findOrder(db: DbOrTx, provider: string, providerOrderId: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, provider), eq(paymentOrders.providerOrderId, providerOrderId)));
  return row;
}

/**
 * Moves an order to `to`, only from the statuses the domain's transition table allows
 * (`depositStatusesBefore`), in one conditional update; returns the row if it moved.
 */
export async function moveOrder(
  db: DbOrTx,
  id: string,
  to: PaymentOrderRow['status'],
  captureId?: string | null,
): Promise<PaymentOrderRow | undefined> {
  const from = depositStatusesBefore(to);
  if (from.length === 0) return undefined;
  const [row] = await db
    .update(paymentOrders)
    .set({ status: to, updatedAt: sql`now()`, ...(captureId ? { captureId } : {}) })
    .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.status, [...from])))
    .returning();
  return row;
}

/**
 * Moves the order to CREDITED with its capture id, unless it is already (or FAILED, which waits for a
 * person): one conditional update, so of concurrent confirmations queued on the row only the first
 * moves it. Returns the row if this call moved it.
 */
export async function markCredited(
  tx: Tx,
  id: string,
  captureId: string,
): Promise<PaymentOrderRow | undefined> {
  const [moved] = await tx
    .update(paymentOrders)
    .set({ status: 'CREDITED', captureId, updatedAt: sql`now()` })
    .where(
      and(eq(paymentOrders.id, id), inArray(paymentOrders.status, [...depositStatusesBefore('CREDITED')])),
    )
    .returning();
  return moved;
}

/** Points the order at the journal entry that credited it. */
export async function setOrderEntry(db: DbOrTx, id: string, entryId: bigint): Promise<void> {
  await db.update(paymentOrders).set({ entryId }).where(eq(paymentOrders.id, id));
}

/** The order whose capture the provider names (a refund webhook may carry only the capture id). */
export async function findOrderByCapture(db: DbOrTx, provider: string, captureId: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, provider), eq(paymentOrders.captureId, captureId)));
  return row;
}

/** Locks the order's row until the transaction ends and returns it as it now is. */
export async function lockOrder(tx: Tx, id: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for('update');
  return row;
}

/** The business reference of one refund or chargeback of a deposit: its entry and history row share it. */
export function reversalReference(order: Pick<PaymentOrderRow, 'provider'>, refundId: string): string {
  return `deposit-reversal:${order.provider}:${refundId}`;
}

export interface BookedReversal {
  readonly amount: bigint;
  readonly fromBalance: bigint;
  readonly toDebt: bigint;
  readonly status: 'REFUNDED' | 'REVERSED';
}

/**
 * Moves the order to the reversal's status (from CREDITED, or from the same status for a second
 * partial refund) and adds the amount taken back to its reversed amount; returns whether it moved.
 */
export async function markReversed(
  tx: Tx,
  id: string,
  reversal: Pick<BookedReversal, 'amount' | 'status'>,
): Promise<boolean> {
  const [moved] = await tx
    .update(paymentOrders)
    .set({
      status: reversal.status,
      reversedAmount: sql`${paymentOrders.reversedAmount} + ${reversal.amount.toString()}::numeric`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(paymentOrders.id, id),
        inArray(paymentOrders.status, [...depositStatusesBefore(reversal.status), reversal.status]),
      ),
    )
    .returning({ id: paymentOrders.id });
  return moved !== undefined;
}

/** What a reversal took back beyond the user's balance: the user's debt, tied to the order and entry. */
export async function insertDebt(
  tx: Tx,
  debt: {
    userId: string;
    amount: bigint;
    paymentOrderId: string;
    entryId: bigint;
    reason: BookedReversal['status'];
  },
): Promise<void> {
  await tx.insert(userDebts).values({ ...debt, asset: 'USD', amount: debt.amount.toString() });
}

export async function userEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
