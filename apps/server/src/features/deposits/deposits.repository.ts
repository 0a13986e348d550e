import { depositPostings, depositStatusesBefore, reversalPostings } from '@exchange/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentOrders, userDebts, users } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../wallet/wallet.repository';

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
 * Credits a verified deposit, once. Inside the caller's transaction: the order moves to CREDITED only
 * if it is not already (nor FAILED, which waits for a person); only the transaction that moved it posts
 * the entry PAYMENT_CLEARING(USD) → user AVAILABLE(USD) under the deposit's reference and records the
 * SUCCESS wallet transaction. Concurrent confirmations queue on the order's row lock; the losers see
 * CREDITED and post nothing. Returns whether this call credited.
 */
export async function creditDeposit(tx: Tx, order: PaymentOrderRow, captureId: string): Promise<boolean> {
  const [moved] = await tx
    .update(paymentOrders)
    .set({ status: 'CREDITED', captureId, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentOrders.id, order.id),
        inArray(paymentOrders.status, [...depositStatusesBefore('CREDITED')]),
      ),
    )
    .returning();
  if (!moved) return false;
  const amount = BigInt(moved.amount);
  const reference = depositReference(moved);
  const posted = await postEntry(tx, {
    kind: 'DEPOSIT',
    reference,
    userId: moved.userId,
    postings: depositPostings(moved.userId, 'USD', amount),
    memo: { provider: moved.provider, order_id: moved.providerOrderId, capture_id: captureId },
  });
  // Payment clearing may go negative and the order was not credited before, so a rejection here
  // means the books and the orders disagree: a bug to stop at, not a case to handle.
  if (!posted.ok) throw new Error(`deposit ${reference} could not post: ${posted.code}`);
  await tx.update(paymentOrders).set({ entryId: posted.value.entryId }).where(eq(paymentOrders.id, moved.id));
  await upsertWalletTransaction(tx, {
    reference,
    userId: moved.userId,
    operationType: 'FIAT',
    operation: 'DEPOSIT',
    from: null,
    to: { asset: 'USD', amount },
    status: 'SUCCESS',
    entryId: posted.value.entryId,
  });
  return true;
}

/** A payment the provider declined: the order is DECLINED and the user's history shows it REJECTED. */
export async function recordDeclined(tx: Tx, order: PaymentOrderRow): Promise<boolean> {
  const moved = await moveOrder(tx, order.id, 'DECLINED');
  if (!moved) return false;
  await upsertWalletTransaction(tx, {
    reference: depositReference(moved),
    userId: moved.userId,
    operationType: 'FIAT',
    operation: 'DEPOSIT',
    from: null,
    to: { asset: 'USD', amount: BigInt(moved.amount) },
    status: 'REJECTED',
    entryId: null,
  });
  return true;
}

/** A capture the provider has not settled yet: PENDING in the order and in the user's history. */
export async function recordPending(tx: Tx, order: PaymentOrderRow, captureId: string | null): Promise<void> {
  const moved = await moveOrder(tx, order.id, 'PENDING', captureId);
  if (!moved) return;
  await upsertWalletTransaction(tx, {
    reference: depositReference(moved),
    userId: moved.userId,
    operationType: 'FIAT',
    operation: 'DEPOSIT',
    from: null,
    to: { asset: 'USD', amount: BigInt(moved.amount) },
    status: 'PENDING',
    entryId: null,
  });
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
 * Books a decided reversal inside the caller's transaction (which holds the order's and the user's USD
 * account's row locks): the reversing entry under the refund's reference (a second delivery of the
 * same refund posts nothing and answers false), the order's status and reversed amount, a debt row for
 * any shortfall, and the user's history line (operation DEPOSIT_REFUND or DEPOSIT_REVERSAL).
 */
export async function recordReversal(
  tx: Tx,
  order: PaymentOrderRow,
  refundId: string,
  reversal: BookedReversal,
): Promise<boolean> {
  const reference = reversalReference(order, refundId);
  const posted = await postEntry(tx, {
    kind: 'DEPOSIT_REVERSAL',
    reference,
    userId: order.userId,
    postings: reversalPostings(order.userId, reversal),
    memo: {
      provider: order.provider,
      order_id: order.providerOrderId,
      refund_id: refundId,
      debt: reversal.toDebt.toString(),
    },
  });
  if (!posted.ok && posted.code === 'duplicate_reference') return false;
  // The user's USD row is locked and the split was decided from it, so it always covers its part.
  if (!posted.ok) throw new Error(`reversal ${reference} could not post: ${posted.code}`);
  const entryId = posted.value.entryId;
  const [moved] = await tx
    .update(paymentOrders)
    .set({
      status: reversal.status,
      reversedAmount: sql`${paymentOrders.reversedAmount} + ${reversal.amount.toString()}::numeric`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(paymentOrders.id, order.id),
        inArray(paymentOrders.status, [...depositStatusesBefore(reversal.status), reversal.status]),
      ),
    )
    .returning({ id: paymentOrders.id });
  if (!moved) throw new Error(`reversal ${reference}: order ${order.id} is no longer credited`);
  if (reversal.toDebt > 0n) {
    await tx.insert(userDebts).values({
      userId: order.userId,
      asset: 'USD',
      amount: reversal.toDebt.toString(),
      paymentOrderId: order.id,
      entryId,
      reason: reversal.status,
    });
  }
  await upsertWalletTransaction(tx, {
    reference,
    userId: order.userId,
    operationType: 'FIAT',
    operation: reversal.status === 'REFUNDED' ? 'DEPOSIT_REFUND' : 'DEPOSIT_REVERSAL',
    from: { asset: 'USD', amount: reversal.amount },
    to: null,
    status: 'SUCCESS',
    entryId,
  });
  return true;
}

/** Where alerts for people go: every active administrator's e-mail address. */
export async function adminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')));
  return rows.map((row) => row.email);
}

export async function userEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
