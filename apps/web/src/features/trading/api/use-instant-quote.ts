import type { InstantQuote, OrderSide } from '@exchange/contracts';
import type { CryptoCode } from '@exchange/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { tradingKeys } from './query-keys';
import { requestQuote } from './request-quote';

/** How long the quantity must stay unchanged before the form asks for a quote. */
export const QUOTE_DEBOUNCE_MS = 400;

export interface QuoteRequestKey {
  readonly side: OrderSide;
  readonly coin: CryptoCode;
  readonly quantity: string;
}

const keyOf = ({ side, coin, quantity }: QuoteRequestKey) => tradingKeys.quote(side, coin, quantity);

/** Milliseconds until the quote held by `query` expires; 0 when there is none or it has expired. */
function msUntilExpiry(query: { readonly state: { readonly data?: InstantQuote | undefined } }): number {
  const expiresAt = query.state.data?.expires_at;
  if (!expiresAt) return 0;
  return Math.max(0, Date.parse(expiresAt) - Date.now());
}

/**
 * The server's firm instant quote for what the form holds, shown before the user acts. Fetched only
 * while `enabled` (a KYC-verified user, an instant order, a quantity the client rules accept). A quote
 * stays fresh until `expires_at`; then it is fetched again on its own, but only while the tab is
 * visible (react-query skips interval refetches in the background, and refetches a stale quote when
 * the tab comes back). Server answers (4xx, and the 503 of a stale price feed) are not retried.
 */
export function useInstantQuote(request: QuoteRequestKey, enabled: boolean) {
  return useQuery({
    queryKey: keyOf(request),
    queryFn: ({ signal }) =>
      requestQuote(
        { side: request.side, crypto_currency_code: request.coin, quantity: request.quantity },
        signal,
      ),
    enabled,
    staleTime: msUntilExpiry,
    gcTime: 60_000,
    retry: false,
    refetchInterval: (query) => {
      const left = msUntilExpiry(query);
      // An expired quote that could not be replaced (an error) waits for the next input or focus.
      return left > 0 ? left : false;
    },
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** A fresh quote for the moment of acting; it also replaces what the form displays. */
export function fetchFreshQuote(client: QueryClient, request: QuoteRequestKey): Promise<InstantQuote> {
  return client.fetchQuery({
    queryKey: keyOf(request),
    queryFn: ({ signal }) =>
      requestQuote(
        { side: request.side, crypto_currency_code: request.coin, quantity: request.quantity },
        signal,
      ),
    staleTime: 0,
    retry: false,
  });
}

/** A quote is usable once: after an order is sent, no cached quote may be shown or reused. */
export function forgetQuotes(client: QueryClient): void {
  client.removeQueries({ queryKey: tradingKeys.quotes });
}
