import { MARKETS } from '@exchange/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionContext } from '../../session/session-context';
import { BuySellPage, INFO_SEEN_KEY } from './buy-sell-page';

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <BuySellPage />
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

// The chart library needs a real canvas; jsdom has none.
vi.mock('lightweight-charts', () => ({
  CandlestickSeries: {},
  LineSeries: {},
  ColorType: { Solid: 'solid' },
  createChart: () => ({
    addSeries: () => ({ setData: () => undefined, update: () => undefined }),
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));
vi.mock('../../market/api/live-socket', () => ({ useLiveChannel: () => undefined }));

const answers: Record<string, unknown> = {
  '/api/v1/wallet': { status: true, message: 'Wallet', data: { wallet: { currencies: [] } } },
  '/api/v1/market/': {
    success: true,
    status: true,
    message: 'Markets',
    data: MARKETS.map((m) => ({
      id: m.id,
      base_currency_id: m.base,
      quote_currency_id: m.quote,
      min_price: m.minPrice,
      max_price: m.maxPrice,
      price_increment: m.priceIncrement,
      min_quantity: m.minQuantity,
      max_quantity: m.maxQuantity,
      quantity_precision: m.quantityPrecision,
      min_cost: m.minCost,
      max_cost: m.maxCost,
      cost_precision: m.costPrecision,
      taker_fee_rate: '0.2',
      maker_fee_rate: '0.2',
      show_in_ui: true,
      closed: false,
    })),
  },
};

function answer(url: string): unknown {
  const path = url.split('?')[0] ?? url;
  if (path === '/api/v1/market/candles') {
    const market = new URLSearchParams(url.split('?')[1]).get('market') ?? '';
    const candle = {
      time: 1_700_000_000,
      open: '60000.0',
      high: '60100.0',
      low: '59900.0',
      close: '60050.0',
      volume: '0',
    };
    return {
      status: true,
      message: 'Candles',
      data: {
        market,
        base: market.split('-')[0],
        quote: market.endsWith('-USDT') ? 'USDT' : 'USD',
        range: '1D',
        interval: 900,
        candles: [candle],
        stats: { last: '60050.0', high: '60100.0', low: '59900.0', volume: '0', change: '0.08' },
      },
    };
  }
  if (path.startsWith('/api/v1/market/chart/'))
    return { status: true, message: 'Chart', data: [{ time: 1_700_000_000, price: '60000.00000000' }] };
  if (path.startsWith('/api/v1/market/depth/'))
    return {
      status: true,
      message: 'Depth',
      data: {
        market_id: 'BTC-USDT',
        bids: [
          { price: '59990', quantity: '0.5' },
          { price: '59980', quantity: '1.5' },
        ],
        asks: [{ price: '60010', quantity: '0.25' }],
      },
    };
  if (path.startsWith('/api/v1/market/trades/')) return { status: true, message: 'Trades', data: [] };
  return answers[path] ?? { status: true, message: 'ok', data: null };
}

const session: Session = {
  status: 'authenticated',
  user: null,
  role: 'USER',
  isAuthenticated: true,
  isAdmin: false,
  is_kyc_verified: true,
  signIn: () => undefined,
  setUser: () => undefined,
  reload: async () => undefined,
  signOut: async () => undefined,
};

describe('/buy-sell', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (input: RequestInfo | URL) =>
          new Response(JSON.stringify(answer(String(input))), { status: 200 }),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('opens with the info modal, then shows the chart, the book and the order form; ADA offers no limit', async () => {
    const user = userEvent.setup();
    renderPage();

    const info = await screen.findByRole('dialog', { name: 'How buying and selling works' });
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(info).not.toBeInTheDocument();

    expect(await screen.findByRole('figure', { name: /BTC \/ USDT candles/ })).toBeInTheDocument();
    expect(await screen.findByText('59,990.0')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Buy', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Limit' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Coin'), 'ADA');
    expect(screen.queryByRole('radio', { name: 'Limit' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ADA / USD' })).toBeInTheDocument();
  }, 15_000);

  it('the book has a spread row and depth totals; a level fills the limit price; the info opens once', async () => {
    window.localStorage.setItem(INFO_SEEN_KEY, '1');
    const user = userEvent.setup();
    renderPage();
    expect(screen.queryByRole('dialog', { name: 'How buying and selling works' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('book-spread')).toHaveTextContent('20.0 USDT');
    // Cumulative: 0.5, then 0.5 + 1.5.
    expect(screen.getByText('2.000000')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /^Bid ?59,980\.0.*use as limit price$/ })[0]!);
    expect(screen.getAllByLabelText('Limit Price')[0]).toHaveValue('59980');
    await user.click(screen.getByRole('button', { name: 'How it works' }));
    expect(await screen.findByRole('dialog', { name: 'How buying and selling works' })).toBeInTheDocument();
  }, 15_000);
});
