import { decideDepositReversal, formatMinor, type ReversalKind, userAccount } from '@exchange/domain';
import type { Logger } from 'pino';
import type { DbOrTx, Tx } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import { lockBalance } from '../ledger/ledger.repository';
import {
  adminEmails,
  type BookedReversal,
  lockOrder,
  type PaymentOrderRow,
  recordReversal,
  userEmail,
} from './deposits.repository';

/** A refund or chargeback as the webhook reports it. */
export interface ReversalEvent {
  readonly kind: ReversalKind;
  readonly eventId: string;
  /** The provider's id of the refund: the reversal's business reference. */
  readonly refundId: string;
  readonly currency?: string;
  readonly value?: string;
}

/** What the administrators are told once the webhook's transaction has committed. */
export type ReversalAlert =
  | { readonly kind: 'booked'; readonly order: PaymentOrderRow; readonly reversal: BookedReversal }
  | {
      readonly kind: 'mismatch';
      readonly order: PaymentOrderRow;
      readonly field: string;
      readonly event: ReversalEvent;
    };

/**
 * PAYMENT.CAPTURE.REFUNDED / REVERSED for one of our deposits, inside the webhook's transaction.
 * Load and lock: the order's row, then the user's available USD (the same order every posting of a
 * deposit takes). Decide (`decideDepositReversal`): how much comes back, how much of it the balance
 * covers and how much becomes a debt. Save (`recordReversal`): one reversing entry, the order REFUNDED
 * or REVERSED, a debt row, a history line. Never silently ignored: a booked reversal or one that does
 * not match our records returns an alert for the administrators.
 */
export async function reverseDeposit(
  tx: Tx,
  logger: Logger,
  order: PaymentOrderRow,
  event: ReversalEvent,
): Promise<ReversalAlert | null> {
  const locked = await lockOrder(tx, order.id);
  if (!locked) return null;
  const available = await lockBalance(tx, userAccount(locked.userId, 'USD'));
  const decision = decideDepositReversal({
    deposit: {
      status: locked.status,
      amount: BigInt(locked.amount),
      reversedAmount: BigInt(locked.reversedAmount),
    },
    event,
    available,
  });
  if (decision.action === 'ignore') {
    logger.warn(
      { orderId: locked.id, eventId: event.eventId, reason: decision.reason },
      'deposit reversal: nothing to take back',
    );
    return null;
  }
  if (decision.action === 'mismatch') {
    logger.error(
      { orderId: locked.id, eventId: event.eventId, field: decision.field },
      'deposit reversal does not match our order: needs a person',
    );
    return { kind: 'mismatch', order: locked, field: decision.field, event };
  }
  const booked = await recordReversal(tx, locked, event.refundId, decision);
  if (!booked) return null;
  logger.error(
    {
      orderId: locked.id,
      eventId: event.eventId,
      amount: decision.amount.toString(),
      debt: decision.toDebt.toString(),
    },
    'deposit taken back by the provider: reversed in the ledger',
  );
  return { kind: 'booked', order: locked, reversal: decision };
}

const usd = (cents: bigint) => `${formatMinor(cents, 2)} USD`;

/**
 * Mails every active administrator about a reversal, after the webhook committed (a mail failure must
 * not undo the booking or make PayPal deliver the event again). The booking itself stays visible in
 * the admin transactions list (DEPOSIT_REFUND / DEPOSIT_REVERSAL) and, for a shortfall, in user_debts.
 */
export async function alertAdmins(
  deps: { db: DbOrTx; mailer: Mailer; logger: Logger },
  alert: ReversalAlert,
): Promise<void> {
  try {
    const who = (await userEmail(deps.db, alert.order.userId)) ?? alert.order.userId;
    const deposit = `deposit ${alert.order.providerOrderId} (${usd(BigInt(alert.order.amount))}) of ${who}`;
    const message =
      alert.kind === 'booked'
        ? {
            subject: `Deposit ${alert.reversal.status === 'REFUNDED' ? 'refunded' : 'charged back'}: ${usd(alert.reversal.amount)}`,
            text: [
              `PayPal took back ${usd(alert.reversal.amount)} of ${deposit}.`,
              `Taken from the user's balance: ${usd(alert.reversal.fromBalance)}.`,
              `Recorded as the user's debt: ${usd(alert.reversal.toDebt)}.`,
            ].join('\n'),
          }
        : {
            subject: 'Deposit reversal needs a person',
            text: `PayPal reported a ${alert.event.kind} of ${deposit} that does not match our records (${alert.field}); nothing was booked. Event ${alert.event.eventId}.`,
          };
    for (const to of await adminEmails(deps.db)) await deps.mailer.send({ to, ...message });
  } catch (error) {
    deps.logger.error({ err: error, orderId: alert.order.id }, 'deposit reversal: admin alert mail failed');
  }
}
