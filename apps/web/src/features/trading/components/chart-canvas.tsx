import {
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  LineSeries,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { themeColour } from '../../../lib/theme-colour';
import type { PlotCandle } from '../model/live-candle';

export type ChartMode = 'candles' | 'line';

/** The theme's colours, read when the chart is built: the canvas cannot read CSS variables. */
const paletteOf = () => ({
  text: themeColour('muted'),
  grid: themeColour('line'),
  up: themeColour('success'),
  down: themeColour('danger'),
  line: themeColour('accent'),
});

const toTime = (seconds: number) => seconds as UTCTimestamp;

const ohlc = (candle: PlotCandle) => ({
  time: toTime(candle.time),
  open: candle.open,
  high: candle.high,
  low: candle.low,
  close: candle.close,
});
const point = (candle: PlotCandle) => ({ time: toTime(candle.time), value: candle.close });

/**
 * The canvas of the price chart (lightweight-charts): candles or a line of closes, with the price
 * axis at `precision` decimals. A new `live` candle is drawn in place without rebuilding the chart.
 */
export function ChartCanvas({
  candles,
  mode,
  precision,
  live,
  label,
}: {
  readonly candles: readonly PlotCandle[];
  readonly mode: ChartMode;
  readonly precision: number;
  readonly live: PlotCandle | null;
  readonly label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const update = useRef<((candle: PlotCandle) => void) | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const palette = paletteOf();
    const api: IChartApi = createChart(element, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: palette.text },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderColor: palette.grid },
      timeScale: { borderColor: palette.grid, timeVisible: true, secondsVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    const priceFormat = { type: 'price' as const, precision, minMove: 10 ** -precision };
    if (mode === 'candles') {
      const series = api.addSeries(CandlestickSeries, {
        upColor: palette.up,
        downColor: palette.down,
        borderVisible: false,
        wickUpColor: palette.up,
        wickDownColor: palette.down,
        priceFormat,
      });
      series.setData(candles.map(ohlc));
      update.current = (candle) => series.update(ohlc(candle));
    } else {
      const series = api.addSeries(LineSeries, { color: palette.line, lineWidth: 2, priceFormat });
      series.setData(candles.map(point));
      update.current = (candle) => series.update(point(candle));
    }
    api.timeScale().fitContent();
    return () => {
      update.current = null;
      api.remove();
    };
  }, [candles, mode, precision]);

  useEffect(() => {
    if (!live || !update.current) return;
    try {
      update.current(live);
    } catch {
      // An update older than the drawn data is refused by the library; the next reload redraws it.
    }
  }, [live]);

  return (
    <figure aria-label={label} className="m-0">
      <div ref={container} className="h-72 w-full" />
    </figure>
  );
}
