import { type TickerItem, tickerFrameSchema } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { type RealtimeStatus, realtime } from '../../../lib/realtime';

const tickerList = tickerFrameSchema.shape.data;

export interface TickerState {
  /** The newest ticker of each coin seen on the socket, by ticker code ('BTC'). */
  readonly tickers: ReadonlyMap<string, TickerItem>;
  /** Whether the socket is up; while it is not, callers poll the REST endpoint instead. */
  readonly live: boolean;
  readonly status: RealtimeStatus;
}

/**
 * Live prices from the WebSocket's public 'ticker' channel. Every frame carries the whole list, and
 * the server replays the last one to a new subscriber, so the map is complete soon after connecting.
 */
export function useTicker(): TickerState {
  const [tickers, setTickers] = useState<ReadonlyMap<string, TickerItem>>(() => new Map());
  const [status, setStatus] = useState<RealtimeStatus>(() => realtime.status());

  useEffect(() => {
    const stopStatus = realtime.onStatus(setStatus);
    const unsubscribe = realtime.subscribe('ticker', (data) => {
      const parsed = tickerList.safeParse(data);
      if (!parsed.success) return;
      setTickers((previous) => {
        const next = new Map(previous);
        for (const item of parsed.data) next.set(item.ticker, item);
        return next;
      });
    });
    setStatus(realtime.status());
    return () => {
      unsubscribe();
      stopStatus();
    };
  }, []);

  return { tickers, live: status === 'open', status };
}
