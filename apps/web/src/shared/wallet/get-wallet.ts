import type { Wallet, WalletResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { walletKeys } from './wallet-keys';

/**
 * GET /wallet: every asset with its balance, USD value and share (spec section 7). The cache holds the
 * wallet itself (`data.wallet`), the same shape every money-moving POST answers with, so a screen can
 * store a POST's wallet under `walletKeys.wallet` and every other screen reads it through `select`.
 */
export async function getWallet(signal?: AbortSignal): Promise<Wallet> {
  const response = await apiClient.get<WalletResponse>('/wallet', { signal });
  return response.data.wallet;
}

export function useWallet() {
  return useQuery({ queryKey: walletKeys.wallet, queryFn: ({ signal }) => getWallet(signal) });
}

/** The wallet's currencies only: the asset tables read this. */
export function useWalletCurrencies() {
  return useQuery({
    queryKey: walletKeys.wallet,
    queryFn: ({ signal }) => getWallet(signal),
    select: (wallet) => wallet.currencies,
  });
}

/** The spendable balance of one asset as a decimal string; '0' when the wallet does not hold it. */
export function balanceOf(wallet: Wallet | undefined, code: string): string | undefined {
  if (!wallet) return undefined;
  return wallet.currencies.find((currency) => currency.symbol === code)?.balance ?? '0';
}
