import { depositPostings } from '@exchange/domain';
import type { Tx } from '../../platform/db';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction, type WalletTransactionStatus } from '../ledger/wallet-history';
import {
  depositReference,
  markCredited,
  moveOrder,
  type PaymentOrderRow,
  setOrderEntry,
} from './deposits.repository';

/**
 * What became of a captured (or declined) payment, inside the caller's transaction: the order's
 * status, the ledger entry of a credit and the user's history row, which shares the deposit's
 * reference, so it moves on (PENDING to SUCCESS or REJECTED) rather than being written twice. The
 * capture endpoint and the PayPal webhook both decide with `decideCapture` and save through these.
 */

function recordDepositHistory(
  tx: Tx,
  order: PaymentOrderRow,
  status: WalletTransactionStatus,
  entryId: bigint | null,
): Promise<void> {
  return upsertWalletTransaction(tx, {
    reference: depositReference(order),
    userId: order.userId,
    event: { kind: 'deposit', asset: 'USD', amount: BigInt(order.amount) },
    status,
    entryId,
  });
}

/**
 * Credits a verified deposit, once. The order moves to CREDITED only if it is not already (nor FAILED,
 * which waits for a person); only the transaction that moved it posts the entry PAYMENT_CLEARING(USD)
 * → user AVAILABLE(USD) under the deposit's reference and records the SUCCESS wallet transaction.
 * Concurrent confirmations queue on the order's row lock; the losers see CREDITED and post nothing.
 * Returns whether this call credited.
 */
export async function creditDeposit(tx: Tx, order: PaymentOrderRow, captureId: string): Promise<boolean> {
  const moved = await markCredited(tx, order.id, captureId);
  if (!moved) return false;
  const reference = depositReference(moved);
  const posted = await postEntry(tx, {
    kind: 'DEPOSIT',
    reference,
    userId: moved.userId,
    postings: depositPostings(moved.userId, 'USD', BigInt(moved.amount)),
    memo: { provider: moved.provider, order_id: moved.providerOrderId, capture_id: captureId },
  });
  // Payment clearing may go negative and the order was not credited before, so a rejection here
  // means the books and the orders disagree: a bug to stop at, not a case to handle.
  if (!posted.ok) throw new Error(`deposit ${reference} could not post: ${posted.code}`);
  await setOrderEntry(tx, moved.id, posted.value.entryId);
  await recordDepositHistory(tx, moved, 'SUCCESS', posted.value.entryId);
  return true;
}

/** A payment the provider declined: the order is DECLINED and the user's history shows it REJECTED. */
export async function recordDeclined(tx: Tx, order: PaymentOrderRow): Promise<boolean> {
  const moved = await moveOrder(tx, order.id, 'DECLINED');
  if (!moved) return false;
  await recordDepositHistory(tx, moved, 'REJECTED', null);
  return true;
}

/** A capture the provider has not settled yet: PENDING in the order and in the user's history. */
export async function recordPending(tx: Tx, order: PaymentOrderRow, captureId: string | null): Promise<void> {
  const moved = await moveOrder(tx, order.id, 'PENDING', captureId);
  if (!moved) return;
  await recordDepositHistory(tx, moved, 'PENDING', null);
}
