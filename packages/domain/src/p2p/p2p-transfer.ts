import type { AssetCode } from '../assets';
import { type Posting, userAccount } from '../ledger';
import type { Minor } from '../money';
import { ok, type Result, reject } from '../result';

export interface TransferParties {
  readonly senderId: string;
  readonly recipient: {
    readonly id: string;
    readonly role: 'USER' | 'ADMIN';
    readonly status: 'ACTIVE' | 'DISABLED';
    readonly isKycVerified: boolean;
  } | null;
}

export type RecipientRejection =
  | 'recipient_unknown'
  | 'recipient_self'
  | 'recipient_disabled'
  | 'recipient_unverified';

/**
 * Whether a user may receive a P2P transfer from the sender. Checked in this order: an unknown
 * e-mail, the sender's own account, a disabled account, an account without KYC verification. A staff
 * account is no customer's recipient: it is answered as unknown, so nobody can confirm staff addresses
 * (and coins sent there would be stranded: an admin has no wallet screens).
 */
export function checkRecipient(parties: TransferParties): Result<string, RecipientRejection> {
  const { recipient } = parties;
  if (recipient?.role !== 'USER') return reject('recipient_unknown');
  if (recipient.id === parties.senderId) return reject('recipient_self');
  if (recipient.status !== 'ACTIVE') return reject('recipient_disabled');
  if (!recipient.isKycVerified) return reject('recipient_unverified');
  return ok(recipient.id);
}

/** The entry of a P2P transfer: the sender's available balance pays the recipient's. */
export function p2pPostings(
  senderId: string,
  recipientId: string,
  asset: AssetCode,
  amount: Minor,
): Posting[] {
  return [
    { account: userAccount(senderId, asset), amount: -amount },
    { account: userAccount(recipientId, asset), amount },
  ];
}

/**
 * Masks an e-mail for someone who only needs to recognise it: the first and last character of the
 * local part stay, the rest becomes stars ('alice@example.com' → 'a***e@example.com').
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/** Masks a phone number: only its last two digits stay ('5550100' → '*****00'). */
export function maskMobile(mobile: string): string {
  if (mobile.length <= 2) return '*'.repeat(mobile.length);
  return `${'*'.repeat(mobile.length - 2)}${mobile.slice(-2)}`;
}
