import type {
  MultiSwapRequest,
  SwapQuote,
  SwapQuoteRequest,
  SwapQuoteResponse,
  SwapRequest,
  SwapResponse,
} from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { afterMoneyMoved } from '../../../shared/wallet/after-money-moved';

/** Query keys of swap quotes: not under 'wallet', so refreshing balances does not re-quote. */
export const swapKeys = {
  quotes: ['swap-quote'] as const,
  quote: (from: string, to: string, amount: string) => ['swap-quote', from, to, amount] as const,
};

/** POST /swap/quote: a firm rate, fee and amount received, valid until `expires_at`, usable once. */
export async function requestSwapQuote(body: SwapQuoteRequest, signal?: AbortSignal): Promise<SwapQuote> {
  const response = await apiClient.post<SwapQuoteResponse>('/swap/quote', body, { signal });
  return response.data;
}

/** POST /swap; one Idempotency-Key per confirmed swap so a retry never swaps twice. */
export function postSwap(body: SwapRequest, idempotencyKey: string): Promise<SwapResponse> {
  return apiClient.post<SwapResponse>('/swap', body, { idempotencyKey });
}

/** POST /swap/multi: buys MULTI with ETH, XRP, ADA or DOT. */
export function postMultiSwap(body: MultiSwapRequest, idempotencyKey: string): Promise<SwapResponse> {
  return apiClient.post<SwapResponse>('/swap/multi', body, { idempotencyKey });
}

/** A swap between two coins (/swap) or a purchase of MULTI (/swap/multi, Buy MultiCoin). */
export type SwapKind = 'swap' | 'multi';

export type SwapVariables =
  | { readonly kind: 'swap'; readonly body: SwapRequest; readonly idempotencyKey: string }
  | { readonly kind: 'multi'; readonly body: MultiSwapRequest; readonly idempotencyKey: string };

/**
 * Swaps or buys MULTI. On success the answer's wallet is stored and the balances refreshed; whatever
 * the answer, the quotes are dropped, since a quote is usable once.
 */
export function useSwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SwapVariables) =>
      variables.kind === 'multi'
        ? postMultiSwap(variables.body, variables.idempotencyKey)
        : postSwap(variables.body, variables.idempotencyKey),
    onSuccess: (response) => {
      void afterMoneyMoved(queryClient, response);
    },
    onSettled: () => queryClient.removeQueries({ queryKey: swapKeys.quotes }),
  });
}

function msUntilExpiry(query: { readonly state: { readonly data?: SwapQuote | undefined } }): number {
  const expiresAt = query.state.data?.expires_at;
  return expiresAt ? Math.max(0, Date.parse(expiresAt) - Date.now()) : 0;
}

/**
 * The live server quote for what the form holds, fetched while `enabled` and fetched again when it
 * expires (only while the tab is visible). Server refusals are shown, not retried.
 */
export function useSwapQuote(from: string, to: string, amount: string, enabled: boolean) {
  return useQuery({
    queryKey: swapKeys.quote(from, to, amount),
    queryFn: ({ signal }) =>
      requestSwapQuote(
        {
          from_crypto_currency_code: from as SwapQuoteRequest['from_crypto_currency_code'],
          to_crypto_currency_code: to as SwapQuoteRequest['to_crypto_currency_code'],
          from_amount: amount,
        },
        signal,
      ),
    enabled,
    staleTime: msUntilExpiry,
    gcTime: 60_000,
    retry: false,
    refetchInterval: (query) => {
      const left = msUntilExpiry(query);
      return left > 0 ? left : false;
    },
    refetchIntervalInBackground: false,
  });
}
