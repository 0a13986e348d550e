import type { Wallet } from '@exchange/contracts';
import { type QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { walletKeys } from '../../../shared/wallet/wallet-keys';

/** The wallet a money-moving answer carries in these tests: 0.5 BTC, told apart from any loaded one. */
export const movedWallet: Wallet = {
  currencies: [
    {
      _id: 'BTC',
      name: 'Bitcoin',
      symbol: 'BTC',
      image_url: '/coins/btc.svg',
      balance: '0.50000000',
      locked: '0.00000000',
      currency_type: 'CRYPTO',
      asset_value: '30000.00',
      asset_value_percent: '100.00',
      interest_earned: '0.00',
    },
  ],
};

/** An answer that carries the wallet after the move, as every money-moving POST does. */
export const movedAnswer = (message: string, extra: Record<string, unknown> = {}) => ({
  body: { status: true, message, data: { wallet: movedWallet, ...extra } },
});

/**
 * Runs a mutation hook against a fresh query cache whose wallet was loaded before the move, and
 * records the queries it invalidates and removes.
 */
export function renderMoneyHook<T>(useHook: () => T) {
  const queryClient: QueryClient = createQueryClient();
  // The refresh refetches the wallet: it reads back what the cache holds, so the test sees the write.
  queryClient.setQueryDefaults(walletKeys.wallet, {
    queryFn: () => queryClient.getQueryData(walletKeys.wallet),
  });
  queryClient.setQueryData(walletKeys.wallet, { currencies: [] } satisfies Wallet);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const remove = vi.spyOn(queryClient, 'removeQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useHook, { wrapper });
  return {
    result,
    queryClient,
    /** The wallet query's data now. */
    wallet: () => queryClient.getQueryData<Wallet>(walletKeys.wallet),
    invalidated: (): QueryKey[] => invalidate.mock.calls.map(([filters]) => filters?.queryKey ?? []),
    removed: (): QueryKey[] => remove.mock.calls.map(([filters]) => filters?.queryKey ?? []),
  };
}

/** The two invalidations of the one balance refresh (refresh-balances.ts). */
export const balanceRefresh = [walletKeys.all, walletKeys.dashboard];
