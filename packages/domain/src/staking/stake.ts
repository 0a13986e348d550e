import type { AssetCode } from '../assets';
import { systemAccount, userAccount } from '../ledger/accounts';
import { type Posting, transferPostings } from '../ledger/entry';
import { divide, type Minor } from '../money';
import { ok, type Result, reject } from '../result';
import { DAY_MS } from '../time';

export { DAY_MS };

/** The spec's stake terms (section 9): durations, maximum APY (basis points: 1000 = 10%), redemption period. */
export const STAKE_DURATIONS_DAYS = [30, 60, 90, 120] as const;
export const MAX_STAKE_APY_BPS = 1_000n;
export const STAKE_REDEMPTION_DAYS = 1;
const DAYS_PER_YEAR = 365n;
const BPS_PER_UNIT = 10_000n;

export const STAKE_STATUSES = ['ACTIVE', 'PENDING', 'CLOSED', 'SUCCESS'] as const;
export type StakeStatus = (typeof STAKE_STATUSES)[number];

/** One duration a stake option offers: its APY and the smallest principal (minor units). */
export interface StakeVariant {
  readonly durationDays: number;
  readonly apyBps: bigint;
  readonly minAmount: Minor;
}

/** What the rules need of a stored stake. */
export interface StakeState {
  readonly status: StakeStatus;
  readonly principal: Minor;
  readonly apyBps: bigint;
  readonly days: number;
  readonly endDate: Date;
  /** When the redemption (PENDING to SUCCESS) becomes due; null before Close. */
  readonly redeemAt: Date | null;
}

export type StakeCreateRejection =
  | 'stake_duration_required'
  | 'stake_amount_required'
  | 'stake_below_minimum';
export type StakeActionRejection = 'stake_not_active' | 'stake_not_matured';
export type StakeRedeemRejection = 'stake_not_pending' | 'stake_not_due';

/** A variant is valid data when its duration is offered, 0 < APY <= 10% and the minimum is positive. */
export function isValidStakeVariant(variant: StakeVariant): boolean {
  return (
    (STAKE_DURATIONS_DAYS as readonly number[]).includes(variant.durationDays) &&
    variant.apyBps > 0n &&
    variant.apyBps <= MAX_STAKE_APY_BPS &&
    variant.minAmount > 0n
  );
}

/**
 * Interest of a stake: principal × APY × days / 365, in the asset's minor units, rounded DOWN so the
 * house never pays a fraction of a unit it does not owe.
 */
export function stakeInterest(principal: Minor, apyBps: bigint, days: number): Minor {
  return divide(principal * apyBps * BigInt(days), BPS_PER_UNIT * DAYS_PER_YEAR, 'down');
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

export function isMatured(stake: Pick<StakeState, 'endDate'>, now: Date): boolean {
  return now.getTime() >= stake.endDate.getTime();
}

export interface NewStake {
  readonly principal: Minor;
  readonly apyBps: bigint;
  readonly days: number;
  readonly startDate: Date;
  readonly endDate: Date;
}

/**
 * Decides a new stake. Rejections in the spec's order: no variant chosen ('stake_duration_required'),
 * no or a non-positive amount ('stake_amount_required'), below the variant's minimum
 * ('stake_below_minimum', with the minimum). Whether the balance covers it is the ledger's call.
 */
export function decideStakeCreation(
  variant: StakeVariant | undefined,
  principal: Minor | null,
  now: Date,
): Result<NewStake, StakeCreateRejection> {
  if (!variant) return reject('stake_duration_required');
  if (principal === null || principal <= 0n) return reject('stake_amount_required');
  if (principal < variant.minAmount) return reject('stake_below_minimum');
  return ok({
    principal,
    apyBps: variant.apyBps,
    days: variant.durationDays,
    startDate: now,
    endDate: addDays(now, variant.durationDays),
  });
}

function matureActive(stake: StakeState, now: Date): StakeActionRejection | null {
  if (stake.status !== 'ACTIVE') return 'stake_not_active';
  if (!isMatured(stake, now)) return 'stake_not_matured';
  return null;
}

/** Close: a matured ACTIVE stake becomes PENDING; it is paid after the one-day redemption period. */
export function decideStakeClose(
  stake: StakeState,
  now: Date,
): Result<{ status: 'PENDING'; redeemAt: Date }, StakeActionRejection> {
  const refused = matureActive(stake, now);
  if (refused) return reject(refused);
  return ok({ status: 'PENDING', redeemAt: addDays(now, STAKE_REDEMPTION_DAYS) });
}

/** Redemption: a PENDING stake whose redemption time has come is paid principal plus interest. */
export function decideStakeRedemption(
  stake: StakeState,
  now: Date,
): Result<{ status: 'SUCCESS'; interest: Minor; payout: Minor }, StakeRedeemRejection> {
  if (stake.status !== 'PENDING') return reject('stake_not_pending');
  if (!stake.redeemAt || now.getTime() < stake.redeemAt.getTime()) return reject('stake_not_due');
  const interest = stakeInterest(stake.principal, stake.apyBps, stake.days);
  return ok({ status: 'SUCCESS', interest, payout: stake.principal + interest });
}

/**
 * Restake: a matured ACTIVE stake becomes CLOSED with its interest paid, and a new ACTIVE stake of
 * principal plus interest starts now on the same terms (days and APY).
 */
export function decideRestake(
  stake: StakeState,
  now: Date,
): Result<{ status: 'CLOSED'; interest: Minor; payout: Minor; next: NewStake }, StakeActionRejection> {
  const refused = matureActive(stake, now);
  if (refused) return reject(refused);
  const interest = stakeInterest(stake.principal, stake.apyBps, stake.days);
  const payout = stake.principal + interest;
  return ok({
    status: 'CLOSED',
    interest,
    payout,
    next: {
      principal: payout,
      apyBps: stake.apyBps,
      days: stake.days,
      startDate: now,
      endDate: addDays(now, stake.days),
    },
  });
}

/** Interest from the staking pool into one of the user's accounts (LOCKED for a restake). */
export function stakeInterestPostings(
  userId: string,
  asset: AssetCode,
  interest: Minor,
  to: 'AVAILABLE' | 'LOCKED',
): Posting[] {
  if (interest === 0n) return [];
  return transferPostings(systemAccount('STAKING_POOL', asset), userAccount(userId, asset, to), interest);
}

/**
 * Redemption's entry: the principal leaves LOCKED, principal plus interest arrive in AVAILABLE, the
 * interest comes from the staking pool. Zero interest (a tiny principal) leaves the pool out.
 */
export function stakeRedemptionPostings(
  userId: string,
  asset: AssetCode,
  principal: Minor,
  interest: Minor,
): Posting[] {
  const postings: Posting[] = [
    { account: userAccount(userId, asset, 'LOCKED'), amount: -principal },
    { account: userAccount(userId, asset, 'AVAILABLE'), amount: principal + interest },
  ];
  if (interest > 0n) postings.push({ account: systemAccount('STAKING_POOL', asset), amount: -interest });
  return postings;
}

/** APY basis points as the percent text the wire shows: 800 → '8.00'. */
export function formatApyPercent(apyBps: bigint): string {
  const whole = apyBps / 100n;
  const fraction = (apyBps % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}
