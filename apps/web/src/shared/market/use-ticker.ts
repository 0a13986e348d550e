import { type TickerItem, tickerFrameSchema } from '@exchange/contracts';
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { type RealtimeStatus, realtime } from '../../lib/realtime';

const tickerList = tickerFrameSchema.shape.data;

/** The prerendered landing page was rendered with no socket; hydrating it must start from the same. */
const noSocketInPrerender = (): RealtimeStatus => 'idle';

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
  const status = useSyncExternalStore(realtime.onStatus, realtime.status, noSocketInPrerender);

  useEffect(() => {
    const unsubscribe = realtime.subscribe('ticker', (data) => {
      const parsed = tickerList.safeParse(data);
      if (!parsed.success) return;
      // Each frame re-renders every price on the page (the landing page's carousel and table): as a
      // transition that render yields to the browser every few milliseconds instead of being one long
      // task on a slow phone, and a newer frame replaces one still rendering.
      startTransition(() => {
        setTickers((previous) => {
          const next = new Map(previous);
          for (const item of parsed.data) next.set(item.ticker, item);
          return next;
        });
      });
    });
    return unsubscribe;
  }, []);

  return { tickers, live: status === 'open', status };
}
