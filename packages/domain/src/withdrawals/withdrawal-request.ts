import { type AssetCode, getAsset, isAssetCode } from '../assets';
import { checkOutflow, type OutflowInput } from '../debts/outflow-rule';
import { type Minor, parseDecimal } from '../money';
import { ok, type Result, reject } from '../result';
import { standingProblems } from './account-standing';
import { checkAddressUsable } from './withdrawal-address';

/** How value of an asset leaves: a PayPal payout (USD) or a transfer on a chain (coins, issue 37's chain). */
export const WITHDRAWAL_METHODS = ['paypal', 'chain'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

/** An asset's withdrawal terms, in its minor units: the smallest amount and the flat fee taken from it. */
export interface WithdrawalTerms {
  readonly asset: AssetCode;
  readonly method: WithdrawalMethod;
  readonly minimum: Minor;
  readonly fee: Minor;
  /**
   * Decimal places an amount may have, when fewer than the asset's scale: a coin on a chain that
   * counts fewer places than the ledger (USDT's 6 against 8) cannot send the finer part.
   */
  readonly precision?: number;
}

/**
 * The decimal places an amount of these terms may have: the asset's scale, or the chain's when it
 * counts fewer (USDT: 6 on Ethereum against the ledger's 8).
 */
export function withdrawalPrecision(terms: WithdrawalTerms): number {
  const scale = getAsset(terms.asset).scale;
  return Math.min(scale, terms.precision ?? scale);
}

/**
 * Which assets can leave today, and how: USD to PayPal. Coins join when the chain sender exists; until
 * then their withdraw buttons stay 'Coming Soon ...'.
 */
export const WITHDRAWABLE_ASSETS: readonly AssetCode[] = ['USD'];

export type WithdrawalAmountRejection =
  | 'asset_not_withdrawable'
  | 'amount_required'
  | 'amount_invalid'
  | 'amount_precision_exceeded'
  | 'below_minimum';

export interface CheckedWithdrawalAmount {
  readonly asset: AssetCode;
  /** What leaves the wallet (held from request to completion). */
  readonly amount: Minor;
  /** Kept by the exchange from `amount`. */
  readonly fee: Minor;
  /** What reaches the customer: amount - fee, always positive. */
  readonly receive: Minor;
}

/**
 * Checks an amount typed for a withdrawal, in this order: the asset can be withdrawn
 * ('asset_not_withdrawable'); an amount was given ('amount_required'); it is a positive decimal
 * ('amount_invalid'), within the asset's decimals ('amount_precision_exceeded', with `precision`); it
 * reaches the minimum, and is more than the fee, so the customer receives something ('below_minimum',
 * with `minimum` in minor units). The balance is not checked here: the ledger's conditional hold is
 * the check that parallel requests cannot race past.
 */
export function checkWithdrawalAmount(
  terms: WithdrawalTerms | undefined,
  assetText: string,
  amountText: string,
): Result<CheckedWithdrawalAmount, WithdrawalAmountRejection> {
  if (!terms || !isAssetCode(assetText) || terms.asset !== assetText) return reject('asset_not_withdrawable');
  const text = amountText.trim();
  if (text === '') return reject('amount_required');
  const scale = getAsset(terms.asset).scale;
  if (parseDecimal(text, 64) === null) return reject('amount_invalid');
  const precision = withdrawalPrecision(terms);
  const amount = parseDecimal(text, scale);
  if (amount === null || parseDecimal(text, precision) === null)
    return reject('amount_precision_exceeded', { precision: String(precision) });
  if (amount <= 0n) return reject('amount_invalid');
  if (amount < terms.minimum || amount <= terms.fee) {
    const least = terms.minimum > terms.fee ? terms.minimum : terms.fee + 1n;
    return reject('below_minimum', { minimum: least.toString() });
  }
  return ok({ asset: terms.asset, amount, fee: terms.fee, receive: amount - terms.fee });
}

/** Who is asking, as the eligibility rule needs them. */
export interface WithdrawalEligibilityInput {
  readonly accountActive: boolean;
  /** An admin froze the account's withdrawals and send-outs ('withdrawals_frozen'). */
  readonly withdrawalsFrozen: boolean;
  readonly kycVerified: boolean;
  readonly twoFactorOn: boolean;
  /** Open debts and, with the deposit hold on, its figures: checked by `checkOutflow` as a 'withdrawal'. */
  readonly outflow: Omit<OutflowInput, 'kind'>;
  /** The withdrawal pause's length: a new address waits it too (0 turns both off). */
  readonly coolDownMs: number;
  readonly now: Date;
  /**
   * An outflow no admin reviews (an NFT send-out goes straight to the chain): where it goes, which
   * must be an address the customer's withdrawals or send-outs already went to, or an address-book
   * entry past its cool-down (`bookUsableAt`, null when the address is not in the book). A coin
   * withdrawal leaves this out: its new address is flagged for the admin queue instead.
   */
  readonly unreviewedDestination?: {
    readonly usedBefore: boolean;
    readonly bookUsableAt: Date | null;
  };
}

export type WithdrawalEligibilityRejection =
  | 'account_disabled'
  | 'withdrawals_frozen'
  | 'kyc_required'
  | 'two_factor_required'
  | 'debt_open'
  | 'deposit_on_hold'
  | 'security_cool_down'
  | 'address_new'
  | 'address_cooling_down';

/**
 * May this customer take value out now (a coin or USD withdrawal, an NFT send-out)? Checked in this
 * order: the account is active ('account_disabled'), its withdrawals not frozen by an admin
 * ('withdrawals_frozen'), KYC-verified ('kyc_required'), has two-factor
 * sign-in on ('two_factor_required') (the account's standing, standingProblems, the same check every
 * later step of a withdrawal repeats); `checkOutflow` for a withdrawal ('debt_open', then
 * 'deposit_on_hold' with `free`). Then, for an unreviewed destination: an address never used before
 * must be a book entry ('address_new' when it is not, unless the cool-down is off) past its own
 * cool-down ('address_cooling_down' with `until`). The pause after a security change is not checked
 * here but by `checkWithdrawalPause`, which the request runs last, once the form is otherwise right,
 * so a typo is answered today and not after the pause.
 */
export function checkWithdrawalEligibility(
  input: WithdrawalEligibilityInput,
): Result<void, WithdrawalEligibilityRejection> {
  const [problem] = standingProblems(
    {
      accountActive: input.accountActive,
      withdrawalsFrozen: input.withdrawalsFrozen,
      kycVerified: input.kycVerified,
      twoFactorOn: input.twoFactorOn,
      openDebts: input.outflow.openDebts,
      passwordChangedAt: null,
      twoFactorEnabledAt: null,
    },
    // The request's own security check is the cool-down below, not 'changed since'.
    null,
  );
  if (problem)
    return reject(
      problem as
        | 'account_disabled'
        | 'withdrawals_frozen'
        | 'kyc_required'
        | 'two_factor_required'
        | 'debt_open',
    );
  const outflow = checkOutflow({ ...input.outflow, kind: 'withdrawal' });
  if (!outflow.ok) return outflow;
  const destination = input.unreviewedDestination;
  if (destination && !destination.usedBefore) {
    if (destination.bookUsableAt) return checkAddressUsable(destination.bookUsableAt, input.now);
    if (input.coolDownMs > 0) return reject('address_new');
  }
  return ok(undefined);
}

/** What the withdrawal pause after a security change depends on. */
export interface WithdrawalPauseInput {
  /**
   * The latest change to how the account is protected (password changed or reset, two-factor turned
   * on), or null when there was none.
   */
  readonly lastSecurityChangeAt: Date | null;
  readonly coolDownMs: number;
  readonly now: Date;
}

/**
 * When the withdrawal pause after a security change ends, or null when withdrawals are not paused:
 * `coolDownMs` after the latest change, while that is still ahead of `now` (0 turns the pause off).
 */
export function withdrawalPausedUntil(input: WithdrawalPauseInput): Date | null {
  const changed = input.lastSecurityChangeAt;
  if (!changed || input.coolDownMs <= 0) return null;
  const until = changed.getTime() + input.coolDownMs;
  return until > input.now.getTime() ? new Date(until) : null;
}

/**
 * Refuses a withdrawal (or a send-out) during the pause after a security change ('security_cool_down',
 * with `until` as an ISO time): a thief who just took over the account by changing its password or
 * factor cannot take the money out before the owner, mailed about the change, can react. Requests
 * check it last, after every check of the form, so the form's own mistakes are answered first.
 */
export function checkWithdrawalPause(input: WithdrawalPauseInput): Result<void, 'security_cool_down'> {
  const until = withdrawalPausedUntil(input);
  return until ? reject('security_cool_down', { until: until.toISOString() }) : ok(undefined);
}

/**
 * The daily limit per customer in USD cents: what was withdrawn (requested and not refunded) in the
 * last 24 hours plus this one may not pass `limitCents` ('daily_limit', with `left` in cents, never
 * below 0). A limit of 0 turns it off.
 */
export function checkDailyWithdrawalLimit(input: {
  readonly usedCents: Minor;
  readonly outCents: Minor;
  readonly limitCents: Minor;
}): Result<void, 'daily_limit'> {
  if (input.limitCents <= 0n) return ok(undefined);
  if (input.usedCents + input.outCents <= input.limitCents) return ok(undefined);
  const left = input.limitCents - input.usedCents;
  return reject('daily_limit', { left: (left > 0n ? left : 0n).toString() });
}
