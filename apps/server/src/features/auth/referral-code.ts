import { randomBytes } from 'node:crypto';

/** A new user's own referral code: ten upper-case hex characters. */
export function newRefCode(): string {
  return randomBytes(5).toString('hex').toUpperCase();
}
