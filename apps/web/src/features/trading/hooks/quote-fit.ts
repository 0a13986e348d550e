import { type InstantQuote, messages, type OrderSide } from '@exchange/contracts';
import { type CryptoCode, compareDec, toDec } from '@exchange/domain';
import { errorMessage, isApiError } from '../../../lib/api-client';

/* The order form's checks of an instant quote against what is typed, and its words for a failed one. */

/** The quote is for this side, coin and quantity (expired or not). */
export function quoteMatches(
  quote: InstantQuote | null | undefined,
  quantity: string,
  side: OrderSide,
  coin: CryptoCode,
): quote is InstantQuote {
  if (!quote || quote.side !== side || quote.crypto_currency_code !== coin) return false;
  const wanted = toDec(quantity);
  const quoted = toDec(quote.quantity);
  return wanted !== null && quoted !== null && compareDec(wanted, quoted) === 0;
}

/** The quote matches the order and can still be used. */
export function quoteFits(
  quote: InstantQuote | null | undefined,
  quantity: string,
  side: OrderSide,
  coin: CryptoCode,
): quote is InstantQuote {
  return quoteMatches(quote, quantity, side, coin) && Date.parse(quote.expires_at) > Date.now();
}

/** What the form says when a quote cannot be had: the spec's rate-unavailable text for a 503. */
export function quoteErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 503) return messages.rateUnavailable;
  return errorMessage(error);
}
