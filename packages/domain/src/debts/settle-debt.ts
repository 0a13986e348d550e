import { type Posting, systemAccount, userAccount } from '../ledger';
import type { Minor } from '../money';
import { ok, type Result, reject } from '../result';

/**
 * How an admin settles a user's debt. COLLECTED: the user's available USD pays it (after a new deposit,
 * say), so the customer's money really covers it. WRITTEN_OFF: the product gives up on it and books
 * the loss, which needs a note saying why (a bank recovered it, a settlement outside the product).
 */
export type DebtSettlementMethod = 'COLLECTED' | 'WRITTEN_OFF';

export type DebtSettlementRejection = 'debt_already_settled' | 'debt_not_covered' | 'debt_note_required';

export interface DebtSettlementInput {
  readonly debt: { readonly status: 'OPEN' | 'SETTLED'; readonly amount: Minor };
  readonly method: DebtSettlementMethod;
  /** The user's available USD, read under a lock (only COLLECTED needs it). */
  readonly available: Minor;
  /** The admin's note, trimmed; '' when none. */
  readonly note: string;
}

/**
 * Decides a settlement. Checked in order: a settled debt is not settled twice; a write-off needs a
 * note; a collection needs the user's available USD to cover the whole debt (a debt is settled whole,
 * so the row and the ledger never disagree on what is still owed).
 */
export function decideDebtSettlement(
  input: DebtSettlementInput,
): Result<{ readonly amount: Minor }, DebtSettlementRejection> {
  if (input.debt.status !== 'OPEN') return reject('debt_already_settled');
  if (input.method === 'WRITTEN_OFF' && input.note.length === 0) return reject('debt_note_required');
  if (input.method === 'COLLECTED' && input.available < input.debt.amount) return reject('debt_not_covered');
  return ok({ amount: input.debt.amount });
}

/**
 * The settling entry clears the USER_DEBT receivable (it rose by the debt when the reversal booked it).
 * COLLECTED takes the amount from the user's available USD; WRITTEN_OFF from DEBT_WRITE_OFF, the
 * product's bad-debt expense, which runs negative by what the product has lost.
 */
export function debtSettlementPostings(
  userId: string,
  method: DebtSettlementMethod,
  amount: Minor,
): Posting[] {
  const from = method === 'COLLECTED' ? userAccount(userId, 'USD') : systemAccount('DEBT_WRITE_OFF', 'USD');
  return [
    { account: from, amount: -amount },
    { account: systemAccount('USER_DEBT', 'USD'), amount },
  ];
}
