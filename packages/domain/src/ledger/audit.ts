import type { Minor } from '../money';
import { allowsNegative, isAccountKind } from './accounts';

/**
 * What the ledger check reads from storage, already aggregated: each account with its cached balance
 * and the sum of its postings, plus the few entry-level facts that aggregation cannot hide.
 */
export interface AccountSnapshot {
  readonly id: string;
  readonly userId: string | null;
  readonly asset: string;
  readonly kind: string;
  readonly allowNegative: boolean;
  /** The balance column, a cache kept by each posting. */
  readonly cachedBalance: Minor;
  /** The sum of the account's postings: the truth. */
  readonly postedBalance: Minor;
}

export interface LedgerSnapshot {
  readonly accounts: readonly AccountSnapshot[];
  /** (entry, asset) pairs whose postings do not sum to zero. */
  readonly unbalancedEntries: readonly { entryId: string; asset: string; sum: Minor }[];
  /** Entries with fewer than two postings. */
  readonly thinEntries: readonly { entryId: string; postings: number }[];
  /** Postings of zero, or of an asset other than their account's. */
  readonly malformedPostings: readonly { postingId: string; reason: 'zero_amount' | 'asset_mismatch' }[];
  /**
   * What the features that hold funds (open orders, stakes, ...) say each user should have locked.
   * Several rows for one (user, asset) add up. LOCKED balances nobody explains must be zero.
   */
  readonly expectedLocked: readonly { source: string; userId: string; asset: string; amount: Minor }[];
}

export type LedgerBreach =
  | {
      readonly code: 'unbalanced_entry';
      readonly entryId: string;
      readonly asset: string;
      readonly sum: Minor;
    }
  | { readonly code: 'thin_entry'; readonly entryId: string; readonly postings: number }
  | { readonly code: 'malformed_posting'; readonly postingId: string; readonly reason: string }
  | { readonly code: 'unknown_account_kind'; readonly accountId: string; readonly kind: string }
  | { readonly code: 'negative_policy_mismatch'; readonly accountId: string; readonly kind: string }
  | {
      readonly code: 'cached_balance_mismatch';
      readonly accountId: string;
      readonly cached: Minor;
      readonly posted: Minor;
    }
  | { readonly code: 'negative_balance'; readonly accountId: string; readonly balance: Minor }
  | { readonly code: 'asset_not_balanced'; readonly asset: string; readonly sum: Minor }
  | {
      readonly code: 'locked_mismatch';
      readonly userId: string;
      readonly asset: string;
      readonly locked: Minor;
      readonly expected: Minor;
    };

/**
 * Checks the ledger's invariants on a snapshot and lists every breach (empty means consistent):
 * every entry balances per asset and has at least two non-zero postings in its accounts' assets;
 * every account's kind is known and its negative-balance flag matches the kind's rule; the cached
 * balance equals the sum of postings; no account that may not go negative is negative; each asset sums
 * to zero across all accounts; every LOCKED balance equals what the hold sources expect (zero if none).
 */
export function auditLedger(snapshot: LedgerSnapshot): LedgerBreach[] {
  const breaches: LedgerBreach[] = [];
  for (const e of snapshot.unbalancedEntries) breaches.push({ code: 'unbalanced_entry', ...e });
  for (const e of snapshot.thinEntries) breaches.push({ code: 'thin_entry', ...e });
  for (const p of snapshot.malformedPostings) breaches.push({ code: 'malformed_posting', ...p });

  const assetSums = new Map<string, Minor>();
  const locked = new Map<string, { userId: string; asset: string; balance: Minor }>();
  for (const a of snapshot.accounts) {
    assetSums.set(a.asset, (assetSums.get(a.asset) ?? 0n) + a.postedBalance);
    if (!isAccountKind(a.kind)) {
      breaches.push({ code: 'unknown_account_kind', accountId: a.id, kind: a.kind });
      continue;
    }
    if (a.allowNegative !== allowsNegative(a.kind)) {
      breaches.push({ code: 'negative_policy_mismatch', accountId: a.id, kind: a.kind });
    }
    if (a.cachedBalance !== a.postedBalance) {
      breaches.push({
        code: 'cached_balance_mismatch',
        accountId: a.id,
        cached: a.cachedBalance,
        posted: a.postedBalance,
      });
    }
    const lowest = a.cachedBalance < a.postedBalance ? a.cachedBalance : a.postedBalance;
    if (!allowsNegative(a.kind) && lowest < 0n)
      breaches.push({ code: 'negative_balance', accountId: a.id, balance: lowest });
    if (a.kind === 'LOCKED' && a.userId !== null) {
      locked.set(`${a.userId}/${a.asset}`, { userId: a.userId, asset: a.asset, balance: a.cachedBalance });
    }
  }
  for (const [asset, sum] of assetSums)
    if (sum !== 0n) breaches.push({ code: 'asset_not_balanced', asset, sum });

  const expected = new Map<string, { userId: string; asset: string; amount: Minor }>();
  for (const hold of snapshot.expectedLocked) {
    const key = `${hold.userId}/${hold.asset}`;
    const prior = expected.get(key)?.amount ?? 0n;
    expected.set(key, { userId: hold.userId, asset: hold.asset, amount: prior + hold.amount });
  }
  for (const [key, account] of locked) {
    const want = expected.get(key)?.amount ?? 0n;
    if (account.balance !== want) {
      breaches.push({
        code: 'locked_mismatch',
        userId: account.userId,
        asset: account.asset,
        locked: account.balance,
        expected: want,
      });
    }
  }
  for (const [key, hold] of expected) {
    if (!locked.has(key) && hold.amount !== 0n) {
      breaches.push({
        code: 'locked_mismatch',
        userId: hold.userId,
        asset: hold.asset,
        locked: 0n,
        expected: hold.amount,
      });
    }
  }
  return breaches;
}
