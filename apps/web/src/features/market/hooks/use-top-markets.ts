import type { TickerItem, TopMarketItem } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { useTicker } from '../../../shared/market/use-ticker';
import { getTopMarkets, topMarketsQueryKey } from '../api/get-top-markets';

/** How often the REST list is re-read while the socket is down. */
export const TOP_MARKETS_POLL_MS = 10_000;

/** The newer of the REST row and the socket's ticker for the same coin (ISO times compare as text). */
export function mergeTicker(row: TopMarketItem, ticker: TickerItem | undefined): TopMarketItem {
  if (!ticker || ticker.at < row.at) return row;
  return {
    ...row,
    lastPrice: ticker.lastPrice,
    priceChangePercent: ticker.priceChangePercent,
    at: ticker.at,
  };
}

export interface TopMarkets {
  /** `undefined` until the first REST answer arrives. */
  readonly rows: readonly TopMarketItem[] | undefined;
  readonly isLoading: boolean;
  readonly isError: boolean;
  readonly live: boolean;
  refetch(): void;
}

/**
 * The Top Cryptocurrency list: names and icons from GET /p2p/getTopTenMarket, prices kept current by
 * the WebSocket ticker. While the socket is down the REST list is polled instead, so the table keeps
 * moving either way. Load failures are only logged by the spec's client; here the table offers a retry.
 */
export function useTopMarkets(): TopMarkets {
  const { tickers, live } = useTicker();
  const query = useQuery({
    queryKey: topMarketsQueryKey,
    queryFn: ({ signal }) => getTopMarkets(signal),
    refetchInterval: live ? false : TOP_MARKETS_POLL_MS,
    staleTime: 5_000,
  });
  // On '/' the table and the carousel are separate islands (app/landing-islands.tsx) sharing this
  // query: one may hydrate after the other's request has answered, and must still render what the
  // prerendered HTML has (no prices) until its hydration is done, or React finds a text mismatch.
  const hydrated = useHydrated();
  const data = hydrated ? query.data : undefined;
  const rows = useMemo(() => data?.map((row) => mergeTicker(row, tickers.get(row.ticker))), [data, tickers]);
  return {
    rows,
    isLoading: !hydrated || query.isPending,
    isError: hydrated && query.isError && !query.data,
    live,
    refetch: () => void query.refetch(),
  };
}
