import type { Wallet } from '@exchange/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { afterMoneyMoved } from './after-money-moved';
import { walletKeys } from './wallet-keys';

const wallet: Wallet = { currencies: [] };

function setup() {
  const queryClient = createQueryClient();
  queryClient.setQueryDefaults(walletKeys.wallet, {
    queryFn: () => queryClient.getQueryData(walletKeys.wallet),
  });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  return { queryClient, invalidate };
}

describe('afterMoneyMoved', () => {
  it("stores the answer's wallet, then refetches everything the balances show, on screen or not", async () => {
    const { queryClient, invalidate } = setup();
    await afterMoneyMoved(queryClient, { data: { wallet } });
    expect(queryClient.getQueryData(walletKeys.wallet)).toBe(wallet);
    expect(invalidate.mock.calls.map(([filters]) => filters)).toEqual([
      { queryKey: walletKeys.all, refetchType: 'all' },
      { queryKey: walletKeys.dashboard, refetchType: 'all' },
    ]);
  });

  it('only refreshes when the answer carries no wallet', async () => {
    const { queryClient, invalidate } = setup();
    await afterMoneyMoved(queryClient, { data: null });
    expect(queryClient.getQueryData(walletKeys.wallet)).toBeUndefined();
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
