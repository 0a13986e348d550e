import {
  decideDepositReversal,
  formatMinor,
  type ReversalKind,
  reversalPostings,
  userAccount,
} from '@exchange/domain';
import type { Logger } from 'pino';
import type { DbOrTx, Tx } from '../../platform/db';
import { adminEmails } from '../../platform/mail/admin-emails';
import type { Mailer } from '../../platform/mail/mailer';
import { lockBalance } from '../ledger/ledger.repository';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import {
  type BookedReversal,
  insertDebt,
  lockOrder,
  markReversed,
  type PaymentOrderRow,
  reversalReference,
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

/**
 * Books a decided reversal inside the caller's transaction (which holds the order's and the user's USD
 * account's row locks): the reversing entry under the refund's reference (a second delivery of the
 * same refund posts nothing and answers false), the order's status and reversed amount, a debt row for
 * any shortfall, and the user's history line (operation DEPOSIT_REFUND or DEPOSIT_REVERSAL).
 */
async function recordReversal(
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
  if (!(await markReversed(tx, order.id, reversal)))
    throw new Error(`reversal ${reference}: order ${order.id} is no longer credited`);
  if (reversal.toDebt > 0n) {
    await insertDebt(tx, {
      userId: order.userId,
      amount: reversal.toDebt,
      paymentOrderId: order.id,
      entryId,
      reason: reversal.status,
    });
  }
  await upsertWalletTransaction(tx, {
    reference,
    userId: order.userId,
    event: { kind: 'deposit_reversal', status: reversal.status, asset: 'USD', amount: reversal.amount },
    status: 'SUCCESS',
    entryId,
  });
  return true;
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
