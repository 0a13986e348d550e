import { ok, type Result, reject } from '../result';

/** Why a quote cannot be used. */
export type QuoteUseRejection = 'quote_not_found' | 'quote_mismatch' | 'quote_used' | 'quote_expired';

/** What the decision needs to know of a stored quote (instant or swap). */
export interface QuoteState {
  readonly ownerId: string;
  readonly usedAt: Date | null;
  readonly expiresAt: Date;
}

/**
 * May `callerId` use this quote now, for a request that `matches` what was quoted (same side or kind,
 * coins and amount)? A quote that is missing or someone else's is not found (never say whose it is);
 * a mismatch is refused before time is looked at; then used wins over expired, since a used quote
 * stays used. A quote expires at `expiresAt` itself. The store still claims the quote with a guarded
 * update, so two racing requests cannot both pass; this decides what to tell the one that loses.
 */
export function decideQuoteUse(
  quote: QuoteState | undefined,
  callerId: string,
  matches: boolean,
  now: Date,
): Result<void, QuoteUseRejection> {
  if (!quote || quote.ownerId !== callerId) return reject('quote_not_found');
  if (!matches) return reject('quote_mismatch');
  if (quote.usedAt !== null) return reject('quote_used');
  if (quote.expiresAt.getTime() <= now.getTime()) return reject('quote_expired');
  return ok(undefined);
}

/**
 * Why the guarded claim found no unused, unexpired quote although `decideQuoteUse` passed on the row
 * read before it: another request used it meanwhile (also when it has expired since) or time ran out.
 */
export function claimFailure(quote: QuoteState, now: Date): 'quote_used' | 'quote_expired' {
  return quote.usedAt !== null || quote.expiresAt.getTime() > now.getTime() ? 'quote_used' : 'quote_expired';
}
