import { messages } from '@exchange/contracts';
import {
  type AssetCode,
  custodyAccount,
  holdPostings,
  type Minor,
  type Posting,
  releasePostings,
  systemAccount,
  userAccount,
} from '@exchange/domain';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction, type WalletTransactionStatus } from '../ledger/wallet-history';
import type { WithdrawalRow } from './withdrawals.repository';

/**
 * The withdrawal's row in the customer's Transactions (one per withdrawal, under its own reference):
 * PENDING from the hold, SUCCESS once paid out, REJECTED once given back (refused, cancelled, failed
 * or never confirmed). It moves with the entry that settles it, in the same transaction.
 */
async function recordWithdrawalHistory(
  tx: Tx,
  row: { id: string; userId: string; asset: string; amount: bigint | string },
  status: WalletTransactionStatus,
  entryId: bigint,
): Promise<void> {
  await upsertWalletTransaction(tx, {
    reference: `withdrawal:${row.id}`,
    userId: row.userId,
    event: { kind: 'withdrawal', asset: row.asset as AssetCode, amount: BigInt(row.amount) as Minor },
    status,
    entryId,
  });
}

/**
 * A withdrawal's three journal entries, each under a reference naming the withdrawal, so each posts at
 * most once: the hold at request (AVAILABLE to LOCKED: the conditional debit refuses what the balance
 * does not cover, so parallel requests cannot overdraw), then either the pay-out (LOCKED to the payment
 * provider's clearing account, the fee to fee revenue) or the refund (LOCKED back to AVAILABLE).
 */
export async function holdWithdrawal(
  tx: Tx,
  row: { id: string; userId: string; asset: string; amount: bigint },
) {
  const posted = await postEntry(tx, {
    kind: 'WITHDRAWAL_HOLD',
    reference: `withdrawal:hold:${row.id}`,
    userId: row.userId,
    postings: holdPostings(row.userId, row.asset as AssetCode, row.amount),
    memo: { withdrawal: row.id },
  });
  if (!posted.ok) throw new AppError('insufficient_funds', messages.insufficientAmount);
  await recordWithdrawalHistory(tx, row, 'PENDING', posted.value.entryId);
}

export async function refundWithdrawal(tx: Tx, row: WithdrawalRow): Promise<void> {
  const posted = await postEntry(tx, {
    kind: 'WITHDRAWAL_REFUND',
    reference: `withdrawal:refund:${row.id}`,
    userId: row.userId,
    postings: releasePostings(row.userId, row.asset as AssetCode, BigInt(row.amount)),
    memo: { withdrawal: row.id },
  });
  if (!posted.ok) throw new Error(`withdrawal ${row.id}: refund refused (${posted.code})`);
  await recordWithdrawalHistory(tx, row, 'REJECTED', posted.value.entryId);
}

/**
 * The amount leaves: what the customer receives (amount - fee) goes out of the account that stands
 * for where it went, and the fee is booked as revenue. USD to PayPal leaves through the provider's
 * clearing account (the money the exchange holds there shrinks); a coin that left on `chain` leaves
 * the chain's custody account (the coins the product holds there shrink), the gas the hot wallet paid
 * being booked by the chain sender (custody to network fees).
 */
export async function payOutWithdrawal(tx: Tx, row: WithdrawalRow, chain?: string): Promise<void> {
  const asset = row.asset as AssetCode;
  const amount = BigInt(row.amount);
  const fee = BigInt(row.fee);
  const postings: Posting[] = [
    { account: userAccount(row.userId, asset, 'LOCKED'), amount: -amount },
    {
      account: chain ? custodyAccount(chain, asset) : systemAccount('PAYMENT_CLEARING', asset),
      amount: amount - fee,
    },
  ];
  if (fee > 0n) postings.push({ account: systemAccount('FEE_REVENUE', asset), amount: fee });
  const posted = await postEntry(tx, {
    kind: 'WITHDRAWAL_PAYOUT',
    reference: `withdrawal:payout:${row.id}`,
    userId: row.userId,
    postings,
    memo: chain ? { withdrawal: row.id, chain } : { withdrawal: row.id },
  });
  if (!posted.ok) throw new Error(`withdrawal ${row.id}: pay-out refused (${posted.code})`);
  await recordWithdrawalHistory(tx, row, 'SUCCESS', posted.value.entryId);
}
