import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeRealtime } from '../../market/test/fakes';
import { customer, fakeApi, walletFixture } from '../../wallet/test/fake-api';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeRealtime> | null }));
vi.mock('../../../lib/realtime', () => ({
  get realtime() {
    return fake.current?.client;
  },
}));

const { renderApp } = await import('../../../test/render-app');

const routes = {
  'GET /wallet': () => ({ body: walletFixture }),
  'GET /dashboard': () => ({
    body: {
      status: true,
      message: 'Dashboard',
      data: { current_value: '25000.5', total_invested: '10000.00' },
    },
  }),
  'GET /p2p/getTopTenMarket': () => ({ body: { status: true, message: 'Top markets', data: [] } }),
};

beforeEach(() => {
  fake.current = createFakeRealtime('open');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/dashboard live', () => {
  it('moves the current value with the ticker, flashing up, and reloads the wallet on a balance event', async () => {
    const calls = fakeApi(customer(true), routes);
    renderApp('/dashboard');
    const value = await screen.findByTestId('current-value', {}, { timeout: 15_000 });
    await waitFor(() => expect(value).toHaveTextContent('$25,000.50'));
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /wallet').length).toBeGreaterThan(0));

    // The fixture holds 0.6 BTC valued at $15,000.00; at $30,000 it is worth $18,000.00.
    act(() => {
      fake.current?.emit('ticker', [
        { ticker: 'BTC', lastPrice: '30000', priceChangePercent: '1.00', at: new Date().toISOString() },
      ]);
    });
    await waitFor(() => expect(value).toHaveTextContent('$28,000.50'));
    expect(value.querySelector('[data-flash]')?.getAttribute('data-flash')).toBe('up');

    const before = calls.filter((c) => c.key === 'GET /wallet').length;
    act(() => {
      fake.current?.emit('user', { type: 'balance' });
    });
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /wallet').length).toBeGreaterThan(before));
    expect(fake.current?.client.subscribe).toHaveBeenCalledWith('user', expect.any(Function));
  });
});
