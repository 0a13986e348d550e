import { useMemo } from 'react';
import { useTicker } from '../market/use-ticker';
import { useWalletCurrencies } from './get-wallet';
import { revalueWallet } from './live-valuation';

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
