import { messages } from '@exchange/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findUserOrder, moveOrder, type PaymentOrderRow } from './deposits.repository';

/**
 * The sandbox buyer approves the payment (the page's sandbox pay button). Only the order's owner may;
 * anyone else is told the order does not exist. Approving twice is harmless; approving an order that
 * was declined, failed or credited is a conflict.
 */
export async function approveSandboxOrder(db: Db, userId: string, orderId: string): Promise<PaymentOrderRow> {
  const order = await findUserOrder(db, 'sandbox', orderId, userId);
  if (!order) throw new AppError('not_found', messages.depositOrderNotFound);
  // In a transaction, so an idempotent request's claim is stamped with the move.
  const moved = await db.transaction((tx) => moveOrder(tx, order.id, 'APPROVED'));
  if (moved) return moved;
  const now = await findUserOrder(db, 'sandbox', orderId, userId);
  if (now && now.status === 'APPROVED') return now;
  throw new AppError('conflict', messages.depositOrderClosed);
}
