import type { AssetCode, CryptoCode, PricePoint } from '@exchange/domain';
import type { Logger } from 'pino';
import { FetchFailure, type JsonFetcher } from './http-json';
import { instantFromJson, usdFromJson } from './json-decimal';
import { HISTORY_STEP_MS, type PriceProvider, type ProviderTick } from './price-provider';

/**
 * Binance spot symbols of the coins it trades against USDT. MATIC trades as POL since the 1:1
 * migration of September 2024 (MATICUSDT is gone; asking for a missing symbol fails the whole request).
 */
export const BINANCE_SYMBOLS: Readonly<Partial<Record<CryptoCode, string>>> = {
  BTC: 'BTCUSDT',
  BNB: 'BNBUSDT',
  ETH: 'ETHUSDT',
  USDC: 'USDCUSDT',
  XRP: 'XRPUSDT',
  ADA: 'ADAUSDT',
  MATIC: 'POLUSDT',
  DOT: 'DOTUSDT',
  LTC: 'LTCUSDT',
};

/**
 * Binance has no US-dollar market: USDT is its unit of account and is taken as one dollar, and BUSD
 * (no longer traded there) as its one-dollar peg. Both are priced only when Binance answered, so they
 * go stale together with the rest.
 */
const PEGGED: readonly CryptoCode[] = ['USDT', 'BUSD'];
const ONE_DOLLAR = 100_000_000n;

const TRADED = Object.keys(BINANCE_SYMBOLS) as CryptoCode[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Binance's public REST API: /ticker/24hr for all symbols in one request, /klines (5-minute candles,
 * one day) for back-fill. A symbol missing from an answer keeps its last good price.
 */
export function binanceProvider(fetcher: JsonFetcher, logger?: Pick<Logger, 'warn'>): PriceProvider {
  const assetBySymbol = new Map(TRADED.map((asset) => [BINANCE_SYMBOLS[asset] as string, asset]));
  return {
    source: 'binance',
    assets: [...TRADED, ...PEGGED],
    async latest(now) {
      const symbols = encodeURIComponent(JSON.stringify(TRADED.map((asset) => BINANCE_SYMBOLS[asset])));
      const body = await fetcher.get(`/api/v3/ticker/24hr?symbols=${symbols}`);
      if (!Array.isArray(body)) throw new FetchFailure('malformed', 'ticker/24hr did not answer a list');
      const points: ProviderTick[] = [];
      for (const entry of body) {
        if (!isRecord(entry) || typeof entry.symbol !== 'string') continue;
        const asset = assetBySymbol.get(entry.symbol);
        const usd = usdFromJson(entry.lastPrice);
        if (!asset || usd === null) continue;
        points.push({ asset, usd, at: instantFromJson(entry.closeTime, 'milliseconds', now) });
      }
      if (points.length === 0) throw new FetchFailure('malformed', 'ticker/24hr held no usable price');
      for (const asset of PEGGED) points.push({ asset, usd: ONE_DOLLAR, at: now });
      return points;
    },
    async history({ now, since }) {
      const points: PricePoint[] = [];
      for (const asset of TRADED) {
        const after = since.get(asset);
        if (!after) continue;
        try {
          const body = await fetcher.get(
            `/api/v3/klines?symbol=${BINANCE_SYMBOLS[asset]}&interval=5m&limit=288`,
          );
          points.push(...klinePoints(asset, body, after, now));
        } catch (error) {
          // Back-fill is best effort: the chart fills up from live ticks instead.
          logger?.warn({ err: error, asset }, 'Binance history unavailable');
        }
      }
      for (const asset of PEGGED) {
        const after = since.get(asset);
        if (!after) continue;
        for (let t = after.getTime() + HISTORY_STEP_MS; t < now.getTime(); t += HISTORY_STEP_MS) {
          points.push({ asset, usd: ONE_DOLLAR, at: new Date(t) });
        }
      }
      return points;
    },
  };
}

/** A kline is [openTime, open, high, low, close, volume, closeTime, ...]; its close stands at its end. */
function klinePoints(asset: AssetCode, body: unknown, after: Date, now: Date): PricePoint[] {
  if (!Array.isArray(body)) throw new FetchFailure('malformed', 'klines did not answer a list');
  const points: PricePoint[] = [];
  for (const row of body) {
    if (!Array.isArray(row)) continue;
    const openTime = row[0];
    const usd = usdFromJson(row[4]);
    if (usd === null || typeof openTime !== 'number') continue;
    const at = instantFromJson(openTime + HISTORY_STEP_MS, 'milliseconds', now);
    if (at && at.getTime() > after.getTime()) points.push({ asset, usd, at });
  }
  return points;
}
