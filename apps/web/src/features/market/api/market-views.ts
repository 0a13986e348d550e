import {
  depthChannel,
  type MarketDepth,
  type MarketDepthResponse,
  type MarketTradesResponse,
  marketDepthSchema,
  type PublicTrade,
  tradesChannel,
  tradesFrameSchema,
} from '@exchange/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '../../../lib/api-client';
import { useLiveChannel } from './live-socket';
import { marketKeys } from './market-keys';

export async function getDepth(marketId: string, signal?: AbortSignal): Promise<MarketDepth> {
  const response = await apiClient.get<MarketDepthResponse>(`/market/depth/${encodeURIComponent(marketId)}`, {
    signal,
  });
  return response.data;
}

export async function getTrades(marketId: string, signal?: AbortSignal): Promise<PublicTrade[]> {
  const response = await apiClient.get<MarketTradesResponse>(
    `/market/trades/${encodeURIComponent(marketId)}`,
    {
      signal,
    },
  );
  return response.data;
}

/** Polling keeps the views fresh when the socket is down; the depth channel updates the book at once. */
const POLL_MS = 10_000;
/** The trades arrive on their channel; this only catches a socket that was down for a while. */
const FALLBACK_POLL_MS = 60_000;

/**
 * The order book of a market: loaded over HTTP, then replaced by each 'depth:<market>' frame.
 */
export function useDepth(marketId: string | null) {
  const queryClient = useQueryClient();
  const onFrame = useCallback(
    (data: unknown) => {
      if (!marketId) return;
      const depth = marketDepthSchema.safeParse(data);
      if (!depth.success) return;
      queryClient.setQueryData(marketKeys.depth(marketId), depth.data);
    },
    [marketId, queryClient],
  );
  useLiveChannel(marketId ? depthChannel(marketId) : null, onFrame);
  return useQuery({
    queryKey: marketKeys.depth(marketId ?? ''),
    queryFn: ({ signal }) => getDepth(marketId ?? '', signal),
    enabled: marketId !== null,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
}

/**
 * The market's last trades: loaded once over HTTP, then replaced by each 'trades:<market>' frame
 * (the server sends the list after every trade), with a slow poll only as a fallback.
 */
export function useTrades(marketId: string | null) {
  const queryClient = useQueryClient();
  const onFrame = useCallback(
    (data: unknown) => {
      if (!marketId) return;
      const trades = tradesFrameSchema.safeParse(data);
      if (trades.success) queryClient.setQueryData(marketKeys.trades(marketId), trades.data);
    },
    [marketId, queryClient],
  );
  useLiveChannel(marketId ? tradesChannel(marketId) : null, onFrame);
  return useQuery({
    queryKey: marketKeys.trades(marketId ?? ''),
    queryFn: ({ signal }) => getTrades(marketId ?? '', signal),
    enabled: marketId !== null,
    refetchInterval: FALLBACK_POLL_MS,
  });
}
