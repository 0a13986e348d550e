import { type Candles, type CandlesResponse, tradesChannel } from '@exchange/contracts';
import type { ChartRange } from '@exchange/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '../../../lib/api-client';
import { useLiveChannel } from './live-socket';
import { marketKeys } from './market-keys';

export async function getCandles(market: string, range: ChartRange, signal?: AbortSignal): Promise<Candles> {
  const query = new URLSearchParams({ market, range });
  const response = await apiClient.get<CandlesResponse>(`/market/candles?${query}`, { signal });
  return response.data;
}

/** A new bucket opens every minute at the finest range; the reference ticks move the last one live. */
const REFRESH_MS = 60_000;

/**
 * A chart symbol's candles over a range. A trade on the market (its 'trades:<market>' frame) reloads
 * them, so the traded candle and the 24 h volume are the server's exact figures.
 */
export function useCandles(market: string, marketId: string | null, range: ChartRange) {
  const queryClient = useQueryClient();
  const onTrades = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: marketKeys.candlesOf(market) });
  }, [market, queryClient]);
  useLiveChannel(marketId ? tradesChannel(marketId) : null, onTrades);
  return useQuery({
    queryKey: marketKeys.candles(market, range),
    queryFn: ({ signal }) => getCandles(market, range, signal),
    refetchInterval: REFRESH_MS,
  });
}
