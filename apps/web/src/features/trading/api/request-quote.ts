import type { InstantQuote, InstantQuoteRequest, InstantQuoteResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/** A firm instant price for a quantity, valid until `expires_at` and usable once. */
export async function requestQuote(body: InstantQuoteRequest, signal?: AbortSignal): Promise<InstantQuote> {
  const response = await apiClient.post<InstantQuoteResponse>('/wallet/quotes', body, { signal });
  return response.data;
}
