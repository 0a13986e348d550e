import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeRealtime } from '../../features/market/test/fakes';
import { createQueryClient } from '../../lib/query-client';
import { BALANCE_REFRESH_DELAY_MS, useBalanceEvents } from './use-balance-events';
import { walletKeys } from './wallet-keys';

function Probe({
  enabled,
  client,
}: {
  enabled: boolean;
  client: ReturnType<typeof createFakeRealtime>['client'];
}) {
  useBalanceEvents(enabled, client);
  return null;
}

function setup(enabled = true) {
  const fake = createFakeRealtime();
  const queryClient = createQueryClient();
  const spy = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = {
    get keys() {
      return spy.mock.calls.map(([filters]) => filters?.queryKey);
    },
  };
  render(
    <QueryClientProvider client={queryClient}>
      <Probe enabled={enabled} client={fake.client} />
    </QueryClientProvider>,
  );
  return { fake, invalidated, queryClient };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useBalanceEvents', () => {
  it('refreshes the wallet and the dashboard once for a burst of balance events', () => {
    const { fake, invalidated } = setup();
    expect(fake.client.subscribe).toHaveBeenCalledWith('user', expect.any(Function));
    act(() => {
      fake.emit('user', { type: 'balance' });
      fake.emit('user', { type: 'balance' });
    });
    expect(invalidated.keys).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(BALANCE_REFRESH_DELAY_MS);
    });
    expect(invalidated.keys).toEqual([walletKeys.all, walletKeys.dashboard]);
  });

  it('refetches the dashboard figures and the wallet even when no screen shows them', async () => {
    const { fake, queryClient } = setup();
    // Read once and left (the customer went from the dashboard to the deposit page): no observer.
    const dashboard = vi.fn(async () => ({ current_value: '0.00' }));
    const wallet = vi.fn(async () => ({ currencies: [] }));
    await queryClient.prefetchQuery({ queryKey: walletKeys.dashboard, queryFn: dashboard });
    await queryClient.prefetchQuery({ queryKey: walletKeys.wallet, queryFn: wallet });
    expect(queryClient.getQueryCache().find({ queryKey: walletKeys.dashboard })?.getObserversCount()).toBe(0);

    act(() => {
      fake.emit('user', { type: 'balance' });
      vi.advanceTimersByTime(BALANCE_REFRESH_DELAY_MS);
    });
    // Fetched again now, so the dashboard opened next shows the new figures, not the ones before.
    await vi.waitFor(() => {
      expect(dashboard).toHaveBeenCalledTimes(2);
      expect(wallet).toHaveBeenCalledTimes(2);
    });
  });

  it('refreshes the orders on an order event and ignores frames it does not know', () => {
    const { fake, invalidated } = setup();
    act(() => {
      fake.emit('user', { type: 'nonsense' });
      // A KYC decision is features/kyc's to apply: no balance or order refresh for it.
      fake.emit('user', { type: 'kyc', status: 'APPROVED' });
      fake.emit('user', {
        type: 'order',
        order: {
          id: 'o1',
          time: '0',
          createdAt: new Date(0).toISOString(),
          updatedAt: new Date(0).toISOString(),
          market_id: 'BTC-USDT',
          type: 'limit',
          side: 'buy',
          quantity: '1',
          filled_quantity: '0',
          cancelled_quantity: '0',
          open_quantity: '1',
          filled_cost: '0',
          price: '1',
          status: 'open',
          stop_price: null,
          stop_kind: null,
          triggered_at: null,
          order_list_id: null,
        },
      });
      vi.advanceTimersByTime(BALANCE_REFRESH_DELAY_MS);
    });
    expect(invalidated.keys).toEqual([['orders']]);
  });

  it('catches up after the socket signs in again, and listens to nothing when signed out', () => {
    const { fake, invalidated } = setup();
    act(() => {
      fake.authenticate(); // the first sign-in: nothing was missed yet
      vi.advanceTimersByTime(BALANCE_REFRESH_DELAY_MS);
    });
    expect(invalidated.keys).toEqual([]);
    act(() => {
      fake.authenticate();
      vi.advanceTimersByTime(BALANCE_REFRESH_DELAY_MS);
    });
    expect(invalidated.keys).toContainEqual(walletKeys.all);

    const signedOut = setup(false);
    expect(signedOut.fake.client.subscribe).not.toHaveBeenCalled();
  });
});
