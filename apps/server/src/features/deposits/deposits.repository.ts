import { depositPostings, depositStatusesBefore } from '@exchange/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';
import { postEntry } from '../ledger/ledger.repository';
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
