import { useMemo } from 'react';
import { useTicker } from '../../market/hooks/use-ticker';
import { revalueWallet } from '../live-valuation';
import { useWalletCurrencies } from './get-wallet';

/**
 * The wallet's currencies with their USD values following the ticker socket, as the landing page's
 * prices do; balances themselves come from GET /wallet, refreshed by the private socket's events.
 * `changeCents` is how far the live prices moved the wallet's value from the server's (0 until loaded).
 */
export function useLiveWalletCurrencies() {
  const wallet = useWalletCurrencies();
  const { tickers } = useTicker();
  const live = useMemo(
    () => (wallet.data ? revalueWallet(wallet.data, tickers) : undefined),
    [wallet.data, tickers],
  );
  return { ...wallet, data: live?.currencies, changeCents: live?.changeCents ?? 0n };
}
