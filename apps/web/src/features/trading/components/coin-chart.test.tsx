import type { Candles } from '@exchange/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoinChart } from './coin-chart';

// The chart library needs a real canvas; jsdom has none. The mock records what would be drawn.
const drawn = vi.hoisted(() => ({
  series: [] as string[],
  data: [] as unknown[][],
  updates: [] as unknown[],
}));
vi.mock('lightweight-charts', () => ({
  CandlestickSeries: { kind: 'candles' },
  LineSeries: { kind: 'line' },
  ColorType: { Solid: 'solid' },
  createChart: () => ({
    addSeries: (definition: { kind: string }) => {
      drawn.series.push(definition.kind);
      return {
        setData: (data: unknown[]) => drawn.data.push(data),
        update: (point: unknown) => drawn.updates.push(point),
      };
    },
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));
const channels = vi.hoisted(() => new Map<string, (data: unknown) => void>());
vi.mock('../../market/api/live-socket', () => ({
  useLiveChannel: (channel: string | null, listener: (data: unknown) => void) => {
    if (channel) channels.set(channel, listener);
  },
}));

const NOW_S = Math.floor(Date.parse('2026-03-01T12:00:00Z') / 1000);

function candles(market: string, range: string, list: Candles['candles']): Candles {
  return {
    market,
    base: market.split('-')[0]!,
    quote: market.endsWith('-USDT') ? 'USDT' : 'USD',
    range: range as Candles['range'],
    interval: range === '1H' ? 60 : range === '1D' ? 900 : 3600,
    candles: list,
    stats:
      list.length === 0
        ? null
        : { last: '64010.5', high: '64500.0', low: '63000.0', volume: '1.250000', change: '-1.50' },
  };
}

const btc = [
  {
    time: NOW_S - 900,
    open: '63500.0',
    high: '64500.0',
    low: '63000.0',
    close: '64000.0',
    volume: '1.000000',
  },
  { time: NOW_S, open: '64000.0', high: '64100.0', low: '63900.0', close: '64010.5', volume: '0.000000' },
];

let answer: (market: string, range: string) => Response;
const requests: string[] = [];

function renderChart(coin: string, marketId: string | null) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CoinChart coin={coin} marketId={marketId} />
    </QueryClientProvider>,
  );
}

describe('the trading chart', () => {
  beforeEach(() => {
    drawn.series.length = 0;
    drawn.data.length = 0;
    drawn.updates.length = 0;
    channels.clear();
    requests.length = 0;
    answer = (market, range) =>
      new Response(JSON.stringify({ status: true, message: 'Candles', data: candles(market, range, btc) }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        requests.push(`${url.pathname}?${url.searchParams}`);
        return answer(url.searchParams.get('market') ?? '', url.searchParams.get('range') ?? '');
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('titles the chart in the market’s own quote and shows the 24 h figures above the candles', async () => {
    renderChart('BTC', 'BTC-USDT');
    expect(screen.getByRole('heading', { name: 'BTC / USDT' })).toBeInTheDocument();
    expect(
      await screen.findByRole('figure', { name: 'BTC / USDT candles over the last day' }),
    ).toBeInTheDocument();
    expect(requests).toEqual(['/api/v1/market/candles?market=BTC-USDT&range=1D']);
    expect(screen.getByText('24h High').nextSibling).toHaveTextContent('64,500.0');
    expect(screen.getByText('24h Low').nextSibling).toHaveTextContent('63,000.0');
    expect(screen.getByText('24h Volume (BTC)').nextSibling).toHaveTextContent('1.250000');
    expect(screen.getByText('24h Change').nextSibling).toHaveTextContent('-1.50%');
    expect(drawn.series).toEqual(['candles']);
    expect(drawn.data[0]).toEqual([
      { time: NOW_S - 900, open: 63_500, high: 64_500, low: 63_000, close: 64_000 },
      { time: NOW_S, open: 64_000, high: 64_100, low: 63_900, close: 64_010.5 },
    ]);
  });

  it('switches ranges and between candles and a line', async () => {
    const user = userEvent.setup();
    renderChart('BTC', 'BTC-USDT');
    await screen.findByRole('figure', { name: /candles over the last day/ });
    await user.click(screen.getByRole('button', { name: '1W' }));
    expect(
      await screen.findByRole('figure', { name: 'BTC / USDT candles over the last week' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1W' })).toHaveAttribute('aria-pressed', 'true');
    expect(requests).toContain('/api/v1/market/candles?market=BTC-USDT&range=1W');
    await user.click(screen.getByRole('button', { name: 'Line' }));
    expect(screen.getByRole('figure', { name: 'BTC / USDT line over the last week' })).toBeInTheDocument();
    expect(drawn.series.at(-1)).toBe('line');
    expect(drawn.data.at(-1)).toEqual([
      { time: NOW_S - 900, value: 64_000 },
      { time: NOW_S, value: 64_010.5 },
    ]);
    await user.click(screen.getByRole('button', { name: '1H' }));
    expect(
      await screen.findByRole('figure', { name: 'BTC / USDT line over the last hour' }),
    ).toBeInTheDocument();
  });

  it('moves the last candle and the price with the ticker, in USDT, and reloads after a trade', async () => {
    renderChart('BTC', 'BTC-USDT');
    await screen.findByRole('figure', { name: /candles/ });
    const at = new Date(NOW_S * 1000 + 30_000).toISOString();
    act(() =>
      channels.get('ticker')!([
        { ticker: 'BTC', lastPrice: '64200.00000000', priceChangePercent: '0.00', at },
        { ticker: 'USDT', lastPrice: '1.00000000', priceChangePercent: '0.00', at },
      ]),
    );
    expect(drawn.updates.at(-1)).toEqual({
      time: NOW_S,
      open: 64_000,
      high: 64_200,
      low: 63_900,
      close: 64_200,
    });
    expect(screen.getByRole('heading', { name: 'BTC / USDT' }).nextSibling).toHaveTextContent('64,200.0');
    const before = requests.length;
    await act(async () => channels.get('trades:BTC-USDT')!([]));
    expect(requests.length).toBe(before + 1);
  });

  it('charts a coin without a market against USD', async () => {
    renderChart('ADA', null);
    expect(screen.getByRole('heading', { name: 'ADA / USD' })).toBeInTheDocument();
    await screen.findByRole('figure', { name: 'ADA / USD candles over the last day' });
    expect(requests).toEqual(['/api/v1/market/candles?market=ADA-USD&range=1D']);
    expect(channels.has('trades:ADA-USD')).toBe(false);
  });

  it('shows a USD chart’s prices to 4 decimals, so Tether at $0.9999 does not read as $0.99', async () => {
    answer = (market, range) =>
      new Response(
        JSON.stringify({
          status: true,
          message: 'Candles',
          data: {
            ...candles(market, range, btc),
            stats: { last: '0.99990000', high: '1.00030000', low: '0.99970000', volume: '0', change: '0.01' },
          },
        }),
      );
    renderChart('USDT', null);
    await screen.findByRole('figure', { name: 'USDT / USD candles over the last day' });
    expect(screen.getByRole('heading', { name: 'USDT / USD' }).nextSibling).toHaveTextContent('$0.9999');
    expect(screen.getByText('24h High').nextSibling).toHaveTextContent('$1.0003');
    expect(screen.getByText('24h Low').nextSibling).toHaveTextContent('$0.9997');
  });

  it('says so when there is nothing to chart yet, and offers a retry when loading fails', async () => {
    answer = (market, range) =>
      new Response(JSON.stringify({ status: true, message: 'Candles', data: candles(market, range, []) }));
    renderChart('ETH', 'ETH-USDT');
    expect(await screen.findByText('No trades yet')).toBeInTheDocument();
    expect(screen.getByText('24h High').nextSibling).toHaveTextContent('-');

    answer = () => new Response(JSON.stringify({ status: false, message: 'Server error' }), { status: 500 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '1W' }));
    expect(await screen.findByText('Could not load the chart')).toBeInTheDocument();
    answer = (market, range) =>
      new Response(JSON.stringify({ status: true, message: 'Candles', data: candles(market, range, btc) }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('figure', { name: 'ETH / USDT candles over the last week' }),
    ).toBeInTheDocument();
  });
});
