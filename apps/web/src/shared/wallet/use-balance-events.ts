import { userEventSchema } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type RealtimeClient, realtime } from '../../lib/realtime';
import { refreshBalances } from './refresh-balances';

/** One fill posts a few entries in a row (the trade, the hold given back): refetch once for them. */
export const BALANCE_REFRESH_DELAY_MS = 150;

/** Orders' query keys (trading's `tradingKeys.orders`), refreshed when an order event arrives. */
const ORDERS_KEY = ['orders'] as const;

/**
 * While signed in, listens on the private 'user' channel: a balance event (any fill, deposit,
 * transfer, swap, stake or reward) refreshes the wallet, its transactions and the dashboard figures;
 * an order event refreshes the order lists. Nothing polls. After the socket signs in again (a
 * reconnect, a refreshed token) the same refresh runs, since events sent meanwhile were missed.
 */
export function useBalanceEvents(enabled: boolean, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void refreshBalances(queryClient);
      }, BALANCE_REFRESH_DELAY_MS);
    };
    const stopEvents = client.subscribe('user', (data) => {
      const event = userEventSchema.safeParse(data);
      if (!event.success) return;
      if (event.data.type === 'balance') refreshSoon();
      else if (event.data.type === 'order') void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    });
    let first = true;
    const stopAuth = client.onAuthenticated(() => {
      if (first) {
        first = false;
        return;
      }
      refreshSoon();
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    });
    return () => {
      clearTimeout(timer);
      stopEvents();
      stopAuth();
    };
  }, [enabled, client, queryClient]);
}
