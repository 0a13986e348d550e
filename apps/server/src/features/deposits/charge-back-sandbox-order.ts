import { messages } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { findUserOrder, type PaymentOrderRow } from './deposits.repository';
import { alertAdmins, reverseDeposit } from './reverse-deposit';

/**
 * The sandbox's "payer's bank charges the deposit back": what PayPal's PAYMENT.CAPTURE.REVERSED does,
 * booked the same way (`reverseDeposit`: the balance pays what it can, the rest becomes a debt, the
 * admins are mailed), so the embedded demo and the browser flows can show a debt and its restrictions.
 * Only the order's owner may, and only on a credited order (else 409); a second call books nothing
 * more. The sandbox provider is refused in production, and with it this route.
 */
export async function chargeBackSandboxOrder(
  ctx: Pick<AppContext, 'db' | 'logger' | 'mailer'>,
  userId: string,
  orderId: string,
): Promise<PaymentOrderRow> {
  const order = await findUserOrder(ctx.db, 'sandbox', orderId, userId);
  if (!order) throw new AppError('not_found', messages.depositOrderNotFound);
  const alert = await ctx.db.transaction((tx) =>
    reverseDeposit(tx, ctx.logger, order, {
      kind: 'REVERSED',
      eventId: `sandbox-chargeback:${orderId}`,
      refundId: `sandbox-chargeback:${orderId}`,
    }),
  );
  if (alert) await alertAdmins(ctx, alert);
  const now = await findUserOrder(ctx.db, 'sandbox', orderId, userId);
  if (now && now.status === 'REVERSED') return now;
  throw new AppError('conflict', messages.depositOrderClosed);
}
