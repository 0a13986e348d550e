import { CRYPTO_CODES } from '@exchange/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeRealtime, jsonResponse, renderWithQuery } from '../test/fakes';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeRealtime> | null }));

vi.mock('../../../lib/realtime', () => ({
  get realtime() {
    return fake.current?.client;
  },
}));

const { TopMarketsTable } = await import('./top-markets-table');

const AT = '2026-01-01T10:00:00.000Z';
const topTen = {
  status: true,
  message: 'Top markets',
  data: [
    {
      name: 'Bitcoin',
      ticker: 'BTC',
      image_url: '/coins/btc.svg',
      lastPrice: '64429.74015095',
      priceChangePercent: '1.25',
      at: AT,
    },
    {
      name: 'Ethereum',
      ticker: 'ETH',
      image_url: '/coins/eth.svg',
      lastPrice: '3120.50000000',
      priceChangePercent: '-2.40',
      at: AT,
    },
  ],
};

function row(ticker: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`tr[data-ticker="${ticker}"]`);
  if (!found) throw new Error(`no row for ${ticker}`);
  return found;
}

beforeEach(() => {
  fake.current = createFakeRealtime('open');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(topTen)),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Top Cryptocurrency table', () => {
  it('shows a skeleton, then each coin with its price and a change coloured by its sign', async () => {
    renderWithQuery(<TopMarketsTable />);
    // Before the prices: every listed coin, by name, with placeholders for its figures.
    expect(document.querySelectorAll('tr[data-skeleton]').length).toBe(CRYPTO_CODES.length);
    expect(screen.getByText('Bitcoin')).toBeInTheDocument();

    await waitFor(() => row('BTC'));
    expect(within(row('BTC')).getByText('$64,429.7401')).toBeInTheDocument();
    const up = within(row('BTC')).getByText('+1.25%');
    const down = within(row('ETH')).getByText('-2.40%');
    expect(up).toHaveClass('text-success');
    expect(down).toHaveClass('text-danger');
    expect(screen.getByText('Live prices')).toBeInTheDocument();
  });

  it('takes new prices from a ticker frame', async () => {
    renderWithQuery(<TopMarketsTable />);
    await waitFor(() => row('BTC'));

    act(() =>
      fake.current?.emit('ticker', [
        {
          ticker: 'ETH',
          lastPrice: '3200.12345678',
          priceChangePercent: '0.75',
          at: '2026-01-01T10:00:05.000Z',
        },
        {
          ticker: 'BTC',
          lastPrice: '63000.00000000',
          priceChangePercent: '-0.10',
          at: '2026-01-01T10:00:05.000Z',
        },
      ]),
    );

    expect(within(row('ETH')).getByText('$3,200.1234')).toBeInTheDocument();
    expect(within(row('ETH')).getByText('+0.75%')).toHaveClass('text-success');
    expect(within(row('BTC')).getByText('$63,000.0000')).toBeInTheDocument();
    expect(within(row('BTC')).getByText('-0.10%')).toHaveClass('text-danger');
  });

  it('ignores a ticker older than the row it has', async () => {
    renderWithQuery(<TopMarketsTable />);
    await waitFor(() => row('BTC'));
    act(() =>
      fake.current?.emit('ticker', [
        {
          ticker: 'BTC',
          lastPrice: '1.00000000',
          priceChangePercent: '0.00',
          at: '2025-12-31T10:00:00.000Z',
        },
      ]),
    );
    expect(within(row('BTC')).getByText('$64,429.7401')).toBeInTheDocument();
  });

  it('says prices are polled while the socket is down', async () => {
    fake.current = createFakeRealtime('closed');
    renderWithQuery(<TopMarketsTable />);
    await waitFor(() => row('BTC'));
    expect(screen.getByText('Prices refresh every 10 seconds')).toBeInTheDocument();
    act(() => fake.current?.setStatus('open'));
    await waitFor(() => expect(screen.getByText('Live prices')).toBeInTheDocument());
  });
});
