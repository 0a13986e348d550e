import { type Posting, systemAccount, userAccount } from '../ledger';
import { type Minor, parseDecimal } from '../money';
import type { DepositStatus } from './deposit-status';

/** PayPal took a deposit back: the merchant refunded it, or the payer's bank charged it back. */
export type ReversalKind = 'REFUNDED' | 'REVERSED';

export interface ReversalInput {
  readonly deposit: {
    readonly status: DepositStatus;
    /** Cents credited. */
    readonly amount: Minor;
    /** Cents already taken back by earlier refunds of this deposit. */
    readonly reversedAmount: Minor;
  };
  /** The refund as the provider reports it; a missing amount means "the whole deposit". */
  readonly event: { readonly kind: ReversalKind; readonly currency?: string; readonly value?: string };
  /** What the user has available in USD now, read under a lock. */
  readonly available: Minor;
}

export type ReversalDecision =
  | {
      readonly action: 'reverse';
      /** Cents taken back by this event: at most what is left of the deposit. */
      readonly amount: Minor;
      /** Taken from the user's available USD. */
      readonly fromBalance: Minor;
      /** The rest, recorded as the user's debt. */
      readonly toDebt: Minor;
      readonly status: ReversalKind;
    }
  | { readonly action: 'ignore'; readonly reason: 'not_credited' | 'already_reversed' }
  | { readonly action: 'mismatch'; readonly field: 'currency' | 'amount' };

const TAKEN_BACK: ReadonlySet<DepositStatus> = new Set(['CREDITED', 'REFUNDED', 'REVERSED']);

/**
 * Decides how a refund or a chargeback of a deposit is booked. Checked in order: a deposit we never
 * credited has nothing to take back ('ignore'); one taken back in full already neither; a currency
 * other than USD, or an amount that is not a positive number of cents, is a 'mismatch' for a person.
 * Otherwise the amount (capped at what is left of the deposit) comes first out of the user's available
 * USD and the shortfall becomes a debt, so no balance goes below zero and nothing is ignored.
 */
export function decideDepositReversal(input: ReversalInput): ReversalDecision {
  const { deposit, event } = input;
  if (!TAKEN_BACK.has(deposit.status)) return { action: 'ignore', reason: 'not_credited' };
  const left = deposit.amount - deposit.reversedAmount;
  if (left <= 0n) return { action: 'ignore', reason: 'already_reversed' };
  if (event.currency !== undefined && event.currency !== 'USD')
    return { action: 'mismatch', field: 'currency' };
  let amount = left;
  if (event.value !== undefined) {
    const reported = parseDecimal(event.value, 2, 'exact');
    if (reported === null || reported <= 0n) return { action: 'mismatch', field: 'amount' };
    if (reported < left) amount = reported;
  }
  const available = input.available > 0n ? input.available : 0n;
  const fromBalance = available < amount ? available : amount;
  return { action: 'reverse', amount, fromBalance, toDebt: amount - fromBalance, status: event.kind };
}

/**
 * The reversing entry: payment clearing gets the money back (undoing the deposit's posting), the user's
 * available USD pays what it can and USER_DEBT, a receivable, carries the rest. Zero postings are left out.
 */
export function reversalPostings(
  userId: string,
  decision: { readonly amount: Minor; readonly fromBalance: Minor; readonly toDebt: Minor },
): Posting[] {
  const postings: Posting[] = [
    { account: systemAccount('PAYMENT_CLEARING', 'USD'), amount: decision.amount },
    { account: userAccount(userId, 'USD'), amount: -decision.fromBalance },
    { account: systemAccount('USER_DEBT', 'USD'), amount: -decision.toDebt },
  ];
  return postings.filter((p) => p.amount !== 0n);
}
