import { messages } from '@exchange/contracts';
import { decideCapture, parseDecimal } from '@exchange/domain';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { creditDeposit, recordDeclined, recordPending } from './deposit-outcomes';
import { findUserOrder, moveOrder } from './deposits.repository';
import type { PaymentProvider } from './payment-provider';

export type ConfirmOutcome = 'credited' | 'already_credited' | 'pending';

/**
 * POST /wallet/fiat/add/usd/amount: the buyer approved at the provider; capture and credit.
 *
 * Load: our order (the user's own, else 404); the client's amount must equal the order's (422) and
 * never decides what is credited. An order already credited answers as such without asking the
 * provider again. Decide: capture at the provider and let `decideCapture` compare what it reports with
 * our record. Save, in one transaction per outcome: credit once (`creditDeposit`), or record a pending
 * or declined payment, or mark a mismatching capture FAILED for a person to look at.
 */
export async function confirmDeposit(
  deps: { db: Db; logger: Logger },
  provider: PaymentProvider,
  userId: string,
  input: { amount: string; order_id: string },
): Promise<ConfirmOutcome> {
  const order = await findUserOrder(deps.db, provider.name, input.order_id, userId);
  if (!order) throw new AppError('not_found', messages.depositOrderNotFound);
  const amount = BigInt(order.amount);
  if (parseDecimal(input.amount, 2, 'exact') !== amount)
    throw new AppError('unprocessable', messages.depositAmountMismatch);
  if (order.status === 'CREDITED') return 'already_credited';
  if (order.status === 'FAILED') throw new AppError('payment_failed', messages.transactionFailed);

  const report = await provider.captureOrder(order.providerOrderId);
  const decision = decideCapture({ providerOrderId: order.providerOrderId, currency: 'USD', amount }, report);
  switch (decision.action) {
    case 'credit': {
      const credited = await deps.db.transaction((tx) => creditDeposit(tx, order, decision.captureId));
      if (credited) return 'credited';
      const now = await findUserOrder(deps.db, provider.name, input.order_id, userId);
      if (now?.status === 'CREDITED') return 'already_credited';
      throw new AppError('payment_failed', messages.transactionFailed);
    }
    case 'pending':
      await deps.db.transaction((tx) => recordPending(tx, order, decision.captureId));
      return 'pending';
    case 'decline':
      await deps.db.transaction((tx) => recordDeclined(tx, order));
      throw new AppError('payment_declined', messages.transactionFailed);
    case 'not_approved':
      throw new AppError('payment_not_approved', messages.depositNotApproved);
    case 'mismatch': {
      const captureId = report.status === 'COMPLETED' ? report.captureId : null;
      await moveOrder(deps.db, order.id, 'FAILED', captureId);
      deps.logger.error(
        { orderId: order.id, providerOrderId: order.providerOrderId, field: decision.field },
        'payment capture does not match our order: not credited, needs a person',
      );
      throw new AppError('payment_failed', messages.transactionFailed);
    }
  }
}
