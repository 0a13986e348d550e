import { type TickerItem, tickerFrameSchema } from '@exchange/contracts';
import {
  AreaSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { FlashValue } from '../../../components/ui/flash-value';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatUsd } from '../../../lib/format';
import { useChart } from '../api/get-chart';
import { useLiveChannel } from '../api/live-socket';

/** The spec's chart: the last 30 points of one day. */
const CHART_POINTS = 30;

/**
 * The chart library plots floats; these numbers are only drawn, never summed or compared as money
 * (the form works on the decimal strings).
 */
const plotted = (price: string) => Number(price);

const toTime = (seconds: number) => seconds as UTCTimestamp;

const colors = { line: '#f0b90b', top: 'rgba(240, 185, 11, 0.35)', bottom: 'rgba(240, 185, 11, 0.02)' };

/**
 * The selected coin's price over the last 30 points (GET /market/chart/:symbol), extended live from
 * the 'ticker' channel. `onPrice` reports the newest USD price so the form can estimate costs.
 */
export function CoinChart({
  coin,
  quote = 'USD',
  onPrice,
}: {
  readonly coin: string;
  /** The currency the coin's book trades in; the chart itself plots the USD reference price. */
  readonly quote?: 'USD' | 'USDT';
  readonly onPrice?: (price: TickerItem) => void;
}) {
  const chart = useChart(coin);
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const lastTime = useRef(0);
  const [latest, setLatest] = useState<string | null>(null);
  const points = chart.data;

  useEffect(() => {
    const element = container.current;
    if (!element || !points) return;
    const api: IChartApi = createChart(element, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#a1aab5' },
      grid: { vertLines: { color: '#2b3139' }, horzLines: { color: '#2b3139' } },
      rightPriceScale: { borderColor: '#2b3139' },
      timeScale: { borderColor: '#2b3139', timeVisible: true, secondsVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    const area = api.addSeries(AreaSeries, {
      lineColor: colors.line,
      topColor: colors.top,
      bottomColor: colors.bottom,
      lineWidth: 2,
    });
    const recent = points.slice(-CHART_POINTS);
    area.setData(recent.map((point) => ({ time: toTime(point.time), value: plotted(point.price) })));
    api.timeScale().fitContent();
    lastTime.current = recent.at(-1)?.time ?? 0;
    setLatest(recent.at(-1)?.price ?? null);
    series.current = area;
    return () => {
      series.current = null;
      api.remove();
    };
  }, [points]);

  const onTicker = useCallback(
    (data: unknown) => {
      const frame = tickerFrameSchema.shape.data.safeParse(data);
      if (!frame.success) return;
      const item = frame.data.find((ticker) => ticker.ticker === coin);
      if (!item) return;
      setLatest(item.lastPrice);
      onPrice?.(item);
      const seconds = Math.floor(Date.parse(item.at) / 1000);
      // The series only moves forward in time; an older or repeated tick is already drawn.
      if (!series.current || !Number.isFinite(seconds) || seconds <= lastTime.current) return;
      lastTime.current = seconds;
      series.current.update({ time: toTime(seconds), value: plotted(item.lastPrice) });
    },
    [coin, onPrice],
  );
  useLiveChannel('ticker', onTicker);

  return (
    <section aria-labelledby="coin-chart-title" className="rounded-lg border border-line bg-surface p-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 id="coin-chart-title" className="text-base font-semibold text-ink">
            {coin} / USD
          </h2>
          {quote === 'USDT' ? (
            <p className="text-xs text-muted">Reference price in USD · order book and limit orders in USDT</p>
          ) : null}
        </div>
        <p className="text-lg font-semibold tabular-nums text-ink" aria-live="polite">
          <FlashValue value={latest}>{latest ? formatUsd(latest, 2) : '-'}</FlashValue>
        </p>
      </div>
      {chart.isError ? (
        <ErrorState title="Could not load the chart" onRetry={() => void chart.refetch()} />
      ) : chart.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <figure aria-label={`${coin} price over the last ${CHART_POINTS} points`} className="m-0">
          <div ref={container} className="h-64 w-full" />
        </figure>
      )}
    </section>
  );
}
