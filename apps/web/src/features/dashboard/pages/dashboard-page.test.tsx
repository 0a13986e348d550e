import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, fakeApi, walletFixture } from '../../wallet/test/fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = {
  'GET /wallet': () => ({ body: walletFixture }),
  'GET /dashboard': () => ({
    body: {
      status: true,
      message: 'Dashboard',
      data: { current_value: '25000.5', total_invested: '10000.00' },
    },
  }),
  'GET /p2p/getTopTenMarket': () => ({
    body: {
      status: true,
      message: 'Top markets',
      data: [
        {
          name: 'Bitcoin',
          ticker: 'BTC',
          image_url: '/coins/btc.svg',
          lastPrice: '64000.12345678',
          priceChangePercent: '-1.25',
          at: '2024-05-01T10:00:00.000Z',
        },
        {
          name: 'Ethereum',
          ticker: 'ETH',
          image_url: '/coins/eth.svg',
          lastPrice: '3000.5',
          priceChangePercent: '0',
          at: '2024-05-01T10:00:00.000Z',
        },
      ],
    },
  }),
};

async function openDashboard() {
  renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 15_000 });
}

describe('/dashboard', () => {
  it('shows the total asset value in dollars to 2 decimals, the assets, the promos and the top currencies', async () => {
    fakeApi(customer(true), routes);
    await openDashboard();

    expect(await screen.findByTestId('current-value')).toHaveTextContent('$25,000.50');
    expect(screen.getByTestId('total-invested')).toHaveTextContent('$10,000.00');

    const assets = await screen.findByRole('table', { name: 'Assets' });
    expect(within(assets).getByText('10,000.0000')).toBeInTheDocument();
    expect(within(assets).getByText('0.5000')).toBeInTheDocument();

    for (const promo of ['Buy', 'Trade at 0.1% fees over 10 tokens', 'Stake up to 10% APY'])
      expect(screen.getByRole('heading', { name: promo })).toBeInTheDocument();

    const top = await screen.findByRole('list', { name: 'Top currencies' });
    const [btc, eth] = within(top).getAllByRole('listitem');
    expect(btc).toHaveTextContent('$64,000.1234');
    expect(within(btc as HTMLElement).getByText('-1.25%')).toHaveClass('text-danger');
    expect(within(eth as HTMLElement).getByText('0.00%')).toHaveClass('text-success');
  });

  it('Deposit USD goes to /deposit for a KYC-verified customer', async () => {
    fakeApi(customer(true), routes);
    await openDashboard();
    expect(screen.getByRole('link', { name: 'Deposit USD' })).toHaveAttribute('href', '/deposit');
  });

  it('Deposit USD goes to /kyc, and says why, for a customer without KYC', async () => {
    fakeApi(customer(false), routes);
    await openDashboard();
    const deposit = screen.getByRole('link', { name: 'Deposit USD' });
    expect(deposit).toHaveAttribute('href', '/kyc');
    expect(deposit).toHaveAccessibleDescription('Please Complete Your Kyc to deposit.');
  });
});
