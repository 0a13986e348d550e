import { type ChainDepositsResponse, formatMessage, messages } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatAssetListAmount } from '../../lib/format';
import { type RealtimeClient, realtime } from '../../lib/realtime';
import { refreshBalances } from '../../shared/wallet/refresh-balances';
import { chainDepositKeys } from './api/chain-deposit-keys';
import { readChainDepositEvent, withDeposit } from './chain-deposit-event';

/**
 * While signed in, follows the private 'user' channel's `chain_deposit` events: a deposit already on a
 * list on screen is updated in place (its confirmations count up, then it is CREDITED); one no list
 * holds yet (just seen on the chain) makes the lists refetch, so it appears at the top. A credit also
 * refreshes the balances and says so. Nothing polls; after a reconnect the balance events' refresh
 * refetches these lists too, as they sit under `wallet`.
 */
export function useChainDepositEvents(enabled: boolean, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return client.subscribe('user', (data) => {
      const deposit = readChainDepositEvent(data);
      if (!deposit) return;
      let held = false;
      queryClient.setQueriesData<ChainDepositsResponse>({ queryKey: chainDepositKeys.lists }, (cached) => {
        const next = withDeposit(cached, deposit);
        held ||= next.held;
        return next.response;
      });
      if (deposit.status === 'CREDITED') {
        void refreshBalances(queryClient);
        const text = formatMessage(messages.coinDepositCredited, {
          amount: formatAssetListAmount(deposit.amount, deposit.asset),
          asset: deposit.asset,
        });
        // The toast library stays out of the shell's first load (app/provider.tsx); this runs on every screen.
        void import('../../components/ui/toaster').then(({ toast }) => toast.success(text));
      } else if (!held) {
        void queryClient.invalidateQueries({ queryKey: chainDepositKeys.lists });
      }
    });
  }, [enabled, client, queryClient]);
}
