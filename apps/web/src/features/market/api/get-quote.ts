import type { Quote, QuoteQuery, QuoteResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /market/quote: the server converts `amount` of `from` into `to` with exact decimals at its live
 * prices. A stale price answers 503 with the spec's rate-unavailable message.
 */
export async function getQuote(query: QuoteQuery, signal?: AbortSignal): Promise<Quote> {
  const response = await apiClient.get<QuoteResponse>('/market/quote', {
    query: { from: query.from, to: query.to, amount: query.amount },
    signal,
  });
  if (!response.data) throw new Error('quote response without data');
  return response.data;
}
