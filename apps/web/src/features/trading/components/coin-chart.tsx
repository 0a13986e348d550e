import { type Candles, type TickerItem, tickerFrameSchema } from '@exchange/contracts';
import { CHART_RANGES, type ChartRange, chartSymbol } from '@exchange/domain';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { FlashValue } from '../../../components/ui/flash-value';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatAmount, formatAssetPrice, formatPercent, formatUsd, isNegative } from '../../../lib/format';
import { useCandles } from '../../market/api/get-candles';
import { useLiveChannel } from '../../market/api/live-socket';
import { chartSymbolOf, liveCandle, type PlotCandle, tickerPrice } from '../model/live-candle';
import { USD_PRICE_DECIMALS } from '../model/market-rules';
import { ChartCanvas, type ChartMode } from './chart-canvas';
import { Segmented } from './segmented';

const MODES = [
  { id: 'candles', label: 'Candles' },
  { id: 'line', label: 'Line' },
] as const;
const RANGES = CHART_RANGES.map((id) => ({ id, label: id }));
const RANGE_WORDS: Record<ChartRange, string> = { '1H': 'hour', '1D': 'day', '1W': 'week' };

const isZero = (decimal: string | undefined) => decimal === undefined || /^0(\.0*)?$/.test(decimal);

/** Chart numbers are only drawn, never summed or compared as money (figures shown are the strings). */
const plotted = (candle: Candles['candles'][number]): PlotCandle => ({
  time: candle.time,
  open: Number(candle.open),
  high: Number(candle.high),
  low: Number(candle.low),
  close: Number(candle.close),
});

function Stat({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="truncate text-sm font-medium tabular-nums text-ink">{children}</dd>
    </div>
  );
}

/**
 * The trading screen's chart: the coin's USDT market (its trades, else the reference price) or, for
 * a coin without a market, its USD reference price; candles or a line over 1H, 1D or 1W, the last 24
 * hours' high, low, volume and change above it. The last candle follows the 'ticker' channel; a trade
 * reloads the candles. `onPrice` reports the coin's USD ticker so the form can estimate costs.
 */
export function CoinChart({
  coin,
  marketId,
  onPrice,
}: {
  readonly coin: string;
  /** The coin's USDT market, or null when it trades only against USD. */
  readonly marketId: string | null;
  readonly onPrice?: (price: TickerItem) => void;
}) {
  const [range, setRange] = useState<ChartRange>('1D');
  const [mode, setMode] = useState<ChartMode>('candles');
  const symbolId = chartSymbolOf(coin, marketId);
  const symbol = chartSymbol(symbolId);
  const quote = symbol?.quote ?? 'USD';
  const query = useCandles(symbolId, marketId, range);
  const data = query.data?.market === symbolId ? query.data : undefined;
  const candles = useMemo(() => data?.candles.map(plotted) ?? [], [data]);
  const [live, setLive] = useState<{ symbol: string; price: string; candle: PlotCandle | null } | null>(null);
  const shownLive = live?.symbol === symbolId ? live : null;
  const lastTraded = !isZero(data?.candles.at(-1)?.volume);

  const onTicker = useCallback(
    (frame: unknown) => {
      const parsed = tickerFrameSchema.shape.data.safeParse(frame);
      if (!parsed.success) return;
      const item = parsed.data.find((ticker) => ticker.ticker === coin);
      if (item) onPrice?.(item);
      const moved = tickerPrice(symbolId, parsed.data);
      if (!moved || !data) return;
      setLive((previous) => {
        const base = previous?.symbol === symbolId && previous.candle ? previous.candle : candles.at(-1);
        const traded = previous?.symbol === symbolId && previous.candle ? false : lastTraded;
        const candle = liveCandle(base, traded, data.interval, moved.atMs, Number(moved.price));
        return { symbol: symbolId, price: moved.price, candle: candle ?? previous?.candle ?? null };
      });
    },
    [coin, onPrice, symbolId, data, candles, lastTraded],
  );
  useLiveChannel('ticker', onTicker);

  // A reload draws the server's candles again; the live candle starts over from them.
  const [seen, setSeen] = useState(data);
  if (seen !== data) {
    setSeen(data);
    setLive(null);
  }

  const price = (value: string | undefined) =>
    quote === 'USDT' ? formatAssetPrice(value, coin) : formatUsd(value, USD_PRICE_DECIMALS);
  const last = shownLive?.price ?? data?.stats?.last;
  const stats = data?.stats;
  const precision = quote === 'USDT' ? (symbol?.priceScale ?? USD_PRICE_DECIMALS) : USD_PRICE_DECIMALS;
  const noTrades = marketId !== null && stats != null && isZero(stats.volume);

  let body: ReactNode;
  if (query.isError)
    body = <ErrorState title="Could not load the chart" onRetry={() => void query.refetch()} />;
  else if (!data) body = <Skeleton className="h-72 w-full" />;
  else if (data.candles.length === 0)
    body = (
      <EmptyState
        message="No trades yet"
        description="The chart fills in as soon as the market trades or a price arrives."
      />
    );
  else
    body = (
      <ChartCanvas
        candles={candles}
        mode={mode}
        precision={precision}
        live={shownLive?.candle ?? null}
        label={`${coin} / ${quote} ${mode === 'candles' ? 'candles' : 'line'} over the last ${RANGE_WORDS[range]}`}
      />
    );

  return (
    <section aria-labelledby="coin-chart-title" className="rounded-lg border border-line bg-surface p-4">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex items-baseline gap-3">
          <h2 id="coin-chart-title" className="text-base font-semibold text-ink">
            {coin} / {quote}
          </h2>
          {/* Bold 20 px is large text for contrast rules: the red flash's first frame is 4:1. */}
          <p className="text-xl font-bold tabular-nums text-ink" aria-live="polite">
            <FlashValue value={last ?? null}>{last ? price(last) : '-'}</FlashValue>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Segmented label="Chart type" options={MODES} value={mode} onChange={setMode} />
          <Segmented label="Chart range" options={RANGES} value={range} onChange={setRange} />
        </div>
      </div>
      <dl className="mb-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <Stat label="24h High">{stats ? price(stats.high) : '-'}</Stat>
        <Stat label="24h Low">{stats ? price(stats.low) : '-'}</Stat>
        <Stat label={`24h Volume (${coin})`}>
          {stats ? formatAmount(stats.volume, symbol?.quantityScale ?? 4) : '-'}
        </Stat>
        <Stat label="24h Change">
          {stats ? (
            <span className={isNegative(stats.change) ? 'text-danger' : 'text-success'}>
              {formatPercent(stats.change, 2, { signed: true })}
            </span>
          ) : (
            '-'
          )}
        </Stat>
      </dl>
      {body}
      {noTrades ? (
        <p className="mt-2 text-xs text-muted">
          No trades in the last 24 hours: the chart shows the reference price.
        </p>
      ) : null}
    </section>
  );
}
