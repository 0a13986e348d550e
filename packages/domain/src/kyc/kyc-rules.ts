import { ok, type Rejected, type Result, reject } from '../result';

export const KYC_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export type KycDecision = 'APPROVED' | 'REJECTED';

/** The youngest a customer may be, in whole years on the day of submission. */
export const KYC_MIN_AGE_YEARS = 18;

/**
 * Whether a user may submit KYC, given the status of their latest submission (null: none yet).
 * Only a first submission or one after a rejection is allowed; submitting never verifies anyone.
 */
export function decideKycSubmission(
  latest: KycStatus | null,
): Result<null, 'kyc_already_pending' | 'kyc_already_approved'> {
  if (latest === 'PENDING') return reject('kyc_already_pending');
  if (latest === 'APPROVED') return reject('kyc_already_approved');
  return ok(null);
}

/** An admin's decision applies only to a PENDING submission, and only once. */
export function decideKycReview(
  current: KycStatus,
  decision: KycDecision,
): Result<KycDecision, 'kyc_already_decided'> {
  return current === 'PENDING' ? ok(decision) : reject('kyc_already_decided');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(text: string): { y: number; m: number; d: number } | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Round-trip through UTC so 2023-02-30 and the like are refused rather than rolled over.
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

/**
 * Checks a date of birth (YYYY-MM-DD) against today (YYYY-MM-DD, the caller's clock), in this order:
 * a real calendar date after 1900, not in the future, at least 18 years ago (someone born on 29
 * February comes of age on 1 March in common years).
 */
export function checkDateOfBirth(
  dob: string,
  today: string,
): Result<null, 'dob_invalid' | 'dob_future' | 'dob_too_young'> {
  const born = parseIsoDate(dob);
  const now = parseIsoDate(today);
  if (!born || !now || born.y < 1900) return reject('dob_invalid');
  const key = (v: { y: number; m: number; d: number }) => v.y * 10_000 + v.m * 100 + v.d;
  if (key(born) > key(now)) return reject('dob_future');
  if (key(now) - key(born) < KYC_MIN_AGE_YEARS * 10_000) return reject('dob_too_young');
  return ok(null);
}

export type KycRejection = Rejected<
  | 'kyc_already_pending'
  | 'kyc_already_approved'
  | 'kyc_already_decided'
  | 'dob_invalid'
  | 'dob_future'
  | 'dob_too_young'
>;
