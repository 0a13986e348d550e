import type { AssetCode } from '../assets';
import type { Minor } from '../money';
import { assert, ok, type Result, reject } from '../result';
import {
  type AccountKey,
  accountName,
  allowsNegative,
  isValidAccountKey,
  systemAccount,
  userAccount,
} from './accounts';

/**
 * One line of a journal entry: `amount` minor units added to the account's balance (negative takes
 * away). The asset is the account's asset, so a posting can never move one asset into another's account.
 */
export interface Posting {
  readonly account: AccountKey;
  readonly amount: Minor;
}

/** A journal entry before it is saved. `reference` names the business event, which posts at most once. */
export interface EntryDraft {
  readonly kind: string;
  readonly reference: string;
  /** The user the entry is about, if any (for their history and `total_invested`). */
  readonly userId: string | null;
  readonly postings: readonly Posting[];
  readonly memo?: Readonly<Record<string, string | readonly string[]>>;
}

export type EntryShapeRejection =
  | 'empty_entry'
  | 'invalid_account'
  | 'zero_amount'
  | 'duplicate_account'
  | 'unbalanced';
export type EntryRejection = EntryShapeRejection | 'insufficient_funds';

/**
 * Checks an entry's shape, in this order: at least two postings ('empty_entry'); every account key
 * valid ('invalid_account'); no zero amount ('zero_amount'); no account twice ('duplicate_account');
 * postings summing to zero per asset ('unbalanced', with the asset). An entry that passes changes no
 * asset's total across the ledger.
 */
export function validateEntry(postings: readonly Posting[]): Result<true, EntryShapeRejection> {
  if (postings.length < 2) return reject('empty_entry');
  if (!postings.every((p) => isValidAccountKey(p.account))) return reject('invalid_account');
  if (postings.some((p) => p.amount === 0n)) return reject('zero_amount');
  const seen = new Set<string>();
  for (const p of postings) {
    const name = accountName(p.account);
    if (seen.has(name)) return reject('duplicate_account', { account: name });
    seen.add(name);
  }
  const sums = new Map<AssetCode, Minor>();
  for (const p of postings) sums.set(p.account.asset, (sums.get(p.account.asset) ?? 0n) + p.amount);
  for (const [asset, sum] of sums) if (sum !== 0n) return reject('unbalanced', { asset });
  return ok(true);
}

/**
 * Decides whether an entry may post against the given balances (keyed by `accountName`, missing means
 * zero). Shape rejections come first (see `validateEntry`), then 'insufficient_funds' naming the asset
 * of the first account that would go below zero without being allowed to. On success, returns the new
 * balance of every touched account. The database applies the same rule again with a conditional
 * update, so a decision made on balances that moved since they were read can never overdraw.
 */
export function applyEntry(
  balances: ReadonlyMap<string, Minor>,
  postings: readonly Posting[],
): Result<Map<string, Minor>, EntryRejection> {
  const shape = validateEntry(postings);
  if (!shape.ok) return shape;
  const next = new Map<string, Minor>();
  for (const p of postings) {
    const name = accountName(p.account);
    const after = (balances.get(name) ?? 0n) + p.amount;
    if (after < 0n && !allowsNegative(p.account.kind)) {
      return reject('insufficient_funds', { asset: p.account.asset, account: name });
    }
    next.set(name, after);
  }
  return ok(next);
}

/** Moves `amount` of one asset from one account to another. A non-positive amount is a caller bug. */
export function transferPostings(from: AccountKey, to: AccountKey, amount: Minor): Posting[] {
  assert(amount > 0n, 'a transfer moves a positive amount');
  assert(from.asset === to.asset, 'a transfer stays within one asset');
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
}

/** Money arriving from a payment provider: clearing pays the user's available balance. */
export function depositPostings(userId: string, asset: AssetCode, amount: Minor): Posting[] {
  return transferPostings(systemAccount('PAYMENT_CLEARING', asset), userAccount(userId, asset), amount);
}

/** Funds put on hold (an open order, a stake): available to locked. */
export function holdPostings(userId: string, asset: AssetCode, amount: Minor): Posting[] {
  return transferPostings(
    userAccount(userId, asset, 'AVAILABLE'),
    userAccount(userId, asset, 'LOCKED'),
    amount,
  );
}

/** A hold given back: locked to available. */
export function releasePostings(userId: string, asset: AssetCode, amount: Minor): Posting[] {
  return transferPostings(
    userAccount(userId, asset, 'LOCKED'),
    userAccount(userId, asset, 'AVAILABLE'),
    amount,
  );
}

/** A fee charged from the user's available balance. */
export function feePostings(userId: string, asset: AssetCode, amount: Minor): Posting[] {
  return transferPostings(userAccount(userId, asset), systemAccount('FEE_REVENUE', asset), amount);
}

/** Coins the house hands to a user (a sale, a demo grant). */
export function fromHousePostings(userId: string, asset: AssetCode, amount: Minor): Posting[] {
  return transferPostings(systemAccount('HOUSE_INVENTORY', asset), userAccount(userId, asset), amount);
}
