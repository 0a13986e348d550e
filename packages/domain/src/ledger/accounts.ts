import { type AssetCode, isAssetCode } from '../assets';
import { assert } from '../result';

/**
 * Every balance lives in a ledger account identified by (owner, asset, kind). Users own an AVAILABLE
 * account (spendable) and a LOCKED account (held by open orders, stakes, escrow) per asset. System
 * accounts belong to the product and stand for the other side of money entering or leaving a user.
 */
export const USER_ACCOUNT_KINDS = ['AVAILABLE', 'LOCKED'] as const;
export const SYSTEM_ACCOUNT_KINDS = [
  'PAYMENT_CLEARING',
  'HOUSE_INVENTORY',
  'FEE_REVENUE',
  'STAKING_POOL',
  'REFERRAL_EXPENSE',
  'USER_DEBT',
  'DEBT_WRITE_OFF',
  'CHAIN_CUSTODY',
  'NETWORK_FEES',
  'CHAIN_FLOAT',
] as const;
export const ACCOUNT_KINDS = [...USER_ACCOUNT_KINDS, ...SYSTEM_ACCOUNT_KINDS] as const;

export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export type UserAccountKey = {
  readonly userId: string;
  readonly asset: AssetCode;
  readonly kind: UserAccountKind;
};
export type SystemAccountKey = {
  readonly userId: null;
  readonly asset: AssetCode;
  readonly kind: SystemAccountKind;
  /**
   * Which sub-account of a hot system account (see `spreadHotPostings`); absent or 0 is the main one.
   * Every sub-account is the same account for reports: readers sum over the shards.
   */
  readonly shard?: number;
  /**
   * Which chain the account is of (its key, e.g. 'ethereum'), for the kinds kept per chain
   * (SCOPED_ACCOUNT_KINDS: custody and network fees); absent or '' is the unscoped account. Unlike a
   * shard, a scope is an account of its own: USDT held on one chain is not USDT held on another.
   */
  readonly scope?: string;
};
export type AccountKey = UserAccountKey | SystemAccountKey;

/** The system accounts kept per chain (a scope on the key): what the product holds on, and paid to, a chain. */
export const SCOPED_ACCOUNT_KINDS: readonly SystemAccountKind[] = ['CHAIN_CUSTODY', 'NETWORK_FEES'];

/** A scope as the ledger keeps it: a chain's key (the schema's check says the same). */
const SCOPE_PATTERN = /^[a-z0-9-]{1,32}$/;

const userKinds: ReadonlySet<string> = new Set(USER_ACCOUNT_KINDS);
const systemKinds: ReadonlySet<string> = new Set(SYSTEM_ACCOUNT_KINDS);

/**
 * Which accounts may go below zero. User accounts never do. PAYMENT_CLEARING counts money that came in
 * from a payment provider, HOUSE_INVENTORY the house's net position against users (it sources coins
 * outside the product), STAKING_POOL and REFERRAL_EXPENSE what the product has paid out as interest and
 * rewards: each of these naturally runs negative. USER_DEBT is what users owe the product after a
 * deposit was refunded or charged back once they had spent it: a receivable, so it runs negative too
 * (the per-user amounts are the OPEN user_debts rows). DEBT_WRITE_OFF is what the product gave up on
 * of those debts, a loss, so it runs negative. CHAIN_CUSTODY is the coins the product holds on a chain
 * for its customers (a deposit debits it as it credits the customer), an asset, so it runs negative.
 * NETWORK_FEES is what the house paid a chain in gas (sweeps, withdrawals), a cost, so it runs negative.
 * CHAIN_FLOAT is the house's own coins it put into a chain's hot wallet from outside (for gas and
 * withdrawals): its capital there, which only grows as funding is recorded, so it never does. It is not
 * HOUSE_INVENTORY, the house's trading position, so a float changes neither the exposure cap nor quotes.
 * FEE_REVENUE only collects, so it never does.
 */
const negativeAllowed: ReadonlySet<AccountKind> = new Set([
  'PAYMENT_CLEARING',
  'HOUSE_INVENTORY',
  'STAKING_POOL',
  'REFERRAL_EXPENSE',
  'USER_DEBT',
  'DEBT_WRITE_OFF',
  'CHAIN_CUSTODY',
  'NETWORK_FEES',
]);

export function isAccountKind(kind: string): kind is AccountKind {
  return userKinds.has(kind) || systemKinds.has(kind);
}

export function isUserAccountKind(kind: string): kind is UserAccountKind {
  return userKinds.has(kind);
}

export function allowsNegative(kind: AccountKind): boolean {
  return negativeAllowed.has(kind);
}

export function userAccount(
  userId: string,
  asset: AssetCode,
  kind: UserAccountKind = 'AVAILABLE',
): UserAccountKey {
  assert(userId.length > 0, 'a user account needs a user id');
  return { userId, asset, kind };
}

/**
 * A system account; `scope` (a chain's key) names the per-chain account of a kind kept per chain
 * (SCOPED_ACCOUNT_KINDS). Other kinds have one account per asset and take no scope.
 */
export function systemAccount(kind: SystemAccountKind, asset: AssetCode, scope?: string): SystemAccountKey {
  if (scope === undefined || scope === '') return { userId: null, asset, kind };
  assert(SCOPED_ACCOUNT_KINDS.includes(kind), `${kind} is not kept per chain`);
  assert(SCOPE_PATTERN.test(scope), `account scope ${scope} is a chain key`);
  return { userId: null, asset, kind, scope };
}

/** The key's scope, '' for none (user accounts and unscoped system accounts). */
export function scopeOfKey(key: AccountKey): string {
  return key.userId === null ? (key.scope ?? '') : '';
}

/** True when the key is one the ledger can hold: a known asset, and an owner that fits the kind. */
export function isValidAccountKey(key: AccountKey): boolean {
  if (!isAssetCode(key.asset)) return false;
  if (key.userId === null) {
    const scope = key.scope ?? '';
    return (
      systemKinds.has(key.kind) &&
      (key.shard === undefined ||
        (Number.isInteger(key.shard) && key.shard >= 0 && key.shard < MAX_SHARDS)) &&
      (scope === '' || (SCOPED_ACCOUNT_KINDS.includes(key.kind) && SCOPE_PATTERN.test(scope)))
    );
  }
  return key.userId.length > 0 && userKinds.has(key.kind);
}

/**
 * A stable text name of an account, used as a map key and in error details: `<owner>/<asset>/<kind>`,
 * then `@<scope>` for a chain's account and `#<shard>` for a sub-account.
 */
export function accountName(key: AccountKey): string {
  const shard = key.userId === null ? (key.shard ?? 0) : 0;
  const scope = scopeOfKey(key);
  return `${key.userId ?? 'system'}/${key.asset}/${key.kind}${scope ? `@${scope}` : ''}${shard > 0 ? `#${shard}` : ''}`;
}

/** The most sub-accounts a system account may be spread over (the schema's check says the same). */
export const MAX_SHARDS = 256;
