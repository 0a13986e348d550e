import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeApi, walletFixture } from '../features/wallet/test/fake-api';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const topTen = {
  status: true,
  message: 'Top markets',
  data: [
    {
      name: 'Bitcoin',
      ticker: 'BTC',
      image_url: '/coins/btc.svg',
      lastPrice: '64000.5',
      priceChangePercent: '1.5',
      at: '2024-05-01T10:00:00.000Z',
    },
  ],
};

/**
 * The landing page and the dashboard read the same endpoints (top markets, wallet). They once cached
 * different shapes under one query key, so the dashboard crashed when a person came to it from the
 * landing page in the same tab. One QueryClient, both screens, both directions.
 */
describe('screens sharing one query cache', () => {
  it('landing → dashboard → landing renders each screen with the shared top-markets and wallet data', async () => {
    fakeApi(customer(true), {
      'GET /p2p/getTopTenMarket': () => ({ body: topTen }),
      'GET /wallet': () => ({ body: walletFixture }),
      'GET /dashboard': () => ({
        body: { status: true, message: 'Dashboard', data: { current_value: '1', total_invested: '1' } },
      }),
    });
    const { router } = renderApp('/');
    expect(await screen.findAllByText('Bitcoin', undefined, { timeout: 15_000 })).not.toHaveLength(0);

    await act(() => router.navigate('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 15_000 });
    const top = await screen.findByRole('list', { name: 'Top currencies' });
    expect(within(top).getByText('Bitcoin')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Assets' })).toBeInTheDocument();
    expect(screen.queryByText('This page failed to load')).not.toBeInTheDocument();

    await act(() => router.navigate('/'));
    expect(await screen.findAllByText('Bitcoin', undefined, { timeout: 15_000 })).not.toHaveLength(0);
    expect(screen.queryByText('This page failed to load')).not.toBeInTheDocument();
  });
});
