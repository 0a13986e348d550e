import { messages } from '@exchange/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordDeclined } from './deposit-outcomes';
import { findUserOrder, type PaymentOrderRow } from './deposits.repository';

/**
 * The sandbox buyer declines the payment: the order is DECLINED and the user's history shows a
 * REJECTED deposit. Only the order's owner may; declining twice is harmless; a credited order stays so.
 */
export async function declineSandboxOrder(db: Db, userId: string, orderId: string): Promise<PaymentOrderRow> {
  const order = await findUserOrder(db, 'sandbox', orderId, userId);
  if (!order) throw new AppError('not_found', messages.depositOrderNotFound);
  await db.transaction((tx) => recordDeclined(tx, order));
  const now = await findUserOrder(db, 'sandbox', orderId, userId);
  if (now && now.status === 'DECLINED') return now;
  throw new AppError('conflict', messages.depositOrderClosed);
}
