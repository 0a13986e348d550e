import { readAmountText } from '../amount-text';
import { CRYPTO_CODES, type CryptoCode, getAsset } from '../assets';
import type { Minor } from '../money';
import { ok, type Result, reject } from '../result';

/** The e-mail rule of the P2P form (a plain address with a dot in its domain). */
export const P2P_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const cryptoCodes: ReadonlySet<string> = new Set(CRYPTO_CODES);

/** The coin a P2P transfer names, blanks and case ignored ('eth ' is ETH); null for anything else. */
export function p2pCurrency(text: string | null | undefined): CryptoCode | null {
  const code = (text ?? '').trim().toUpperCase();
  return cryptoCodes.has(code) ? (code as CryptoCode) : null;
}

export type P2pEmailRejection = 'email_required' | 'email_invalid';

/**
 * The recipient's address, trimmed. Rejections, in this order: empty 'email_required', malformed
 * 'email_invalid'. checkP2pTransfer starts with it; the recipient lookup (userInfo) is it alone.
 */
export function checkP2pEmail(text: string | null | undefined): Result<string, P2pEmailRejection> {
  const email = (text ?? '').trim();
  if (email === '') return reject('email_required');
  if (!P2P_EMAIL_PATTERN.test(email)) return reject('email_invalid');
  return ok(email);
}

export interface P2pTransferInput {
  /** The recipient's e-mail as typed or sent. */
  readonly email: string | null | undefined;
  /** The coin's code as chosen or sent. */
  readonly currency: string | null | undefined;
  readonly amount: string | null | undefined;
  /**
   * The sender's available balance of the chosen coin, in its minor units: the one the server reads,
   * or the one the wallet query shows. Undefined while it is not known (or no coin is chosen yet): the
   * balance rule is then left out.
   */
  readonly balance: Minor | undefined;
  /**
   * Whether the screen has looked the recipient up and found them (its 'Validate' step). The server
   * leaves it out: it checks the recipient itself, in the transfer's transaction (`checkRecipient`).
   */
  readonly recipientConfirmed?: boolean;
}

export interface ValidP2pTransfer {
  readonly email: string;
  readonly asset: CryptoCode;
  /** In `asset`'s minor units, positive. */
  readonly amount: Minor;
}

export type P2pTransferRejection =
  | P2pEmailRejection
  | 'currency_required'
  | 'amount_required'
  | 'amount_not_positive'
  | 'amount_precision_exceeded'
  | 'insufficient_amount'
  | 'recipient_not_confirmed';

/**
 * The P2P transfer form's rules (spec sections 2 and 7), for the server and the screen alike.
 * Rejections, in this order:
 *  1. no e-mail: 'email_required';
 *  2. a malformed e-mail: 'email_invalid';
 *  3. no supported coin: 'currency_required';
 *  4. no amount: 'amount_required';
 *  5. an amount that is not a plain decimal: 'amount_not_positive';
 *  6. more decimal places than the coin's ledger scale: 'amount_precision_exceeded' {precision} (what
 *     the server accepts; nothing is rounded; a negative amount too);
 *  7. above the balance, when it is known: 'insufficient_amount';
 *  8. zero or negative: 'amount_not_positive' (after the balance, in the spec's order);
 *  9. the screen has not confirmed the recipient: 'recipient_not_confirmed'.
 * The recipient's own rules (unknown, self, disabled, unverified: `checkRecipient`) come after these.
 * The balance rule only orders the messages: the ledger's conditional debit is what refuses a racing
 * overdraft.
 */
export function checkP2pTransfer(request: P2pTransferInput): Result<ValidP2pTransfer, P2pTransferRejection> {
  const email = checkP2pEmail(request.email);
  if (!email.ok) return email;
  const asset = p2pCurrency(request.currency);
  if (asset === null) return reject('currency_required');
  const scale = getAsset(asset).scale;
  const amount = readAmountText(request.amount, scale);
  if (amount.kind === 'empty') return reject('amount_required');
  if (amount.kind === 'not_decimal') return reject('amount_not_positive');
  if (amount.kind === 'too_precise') return reject('amount_precision_exceeded', { precision: String(scale) });
  if (request.balance !== undefined && amount.value > request.balance) return reject('insufficient_amount');
  if (amount.value <= 0n) return reject('amount_not_positive');
  if (request.recipientConfirmed === false) return reject('recipient_not_confirmed');
  return ok({ email: email.value, asset, amount: amount.value });
}
