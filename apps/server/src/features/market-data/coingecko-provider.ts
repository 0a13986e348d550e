import type { AssetCode, CryptoCode, PricePoint } from '@exchange/domain';
import type { Logger } from 'pino';
import { FetchFailure, type JsonFetcher } from './http-json';
import { instantFromJson, usdFromJson } from './json-decimal';
import type { PriceProvider, ProviderTick } from './price-provider';

/** CoinGecko's ids of the supported coins. */
export const COINGECKO_IDS: Readonly<Record<CryptoCode, string>> = {
  BTC: 'bitcoin',
  BNB: 'binancecoin',
  ETH: 'ethereum',
  USDT: 'tether',
  USDC: 'usd-coin',
  XRP: 'ripple',
  ADA: 'cardano',
  MATIC: 'matic-network',
  DOT: 'polkadot',
  BUSD: 'binance-usd',
  LTC: 'litecoin',
};

const COINS = Object.keys(COINGECKO_IDS) as CryptoCode[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * CoinGecko's public REST API: /simple/price for the newest prices (with each coin's own update time,
 * so a price CoinGecko itself has not refreshed ages visibly) and /coins/{id}/market_chart?days=1 for
 * back-fill (five-minute points). A coin missing from an answer keeps its last good price.
 */
export function coingeckoProvider(fetcher: JsonFetcher, logger?: Pick<Logger, 'warn'>): PriceProvider {
  return {
    source: 'coingecko',
    assets: COINS,
    async latest(now) {
      const ids = COINS.map((coin) => COINGECKO_IDS[coin]).join(',');
      const body = await fetcher.get(
        `/api/v3/simple/price?ids=${ids}&vs_currencies=usd&include_24hr_change=true&include_last_updated_at=true`,
      );
      if (!isRecord(body)) throw new FetchFailure('malformed', 'simple/price did not answer an object');
      const points: ProviderTick[] = [];
      for (const asset of COINS) {
        const entry = body[COINGECKO_IDS[asset]];
        if (!isRecord(entry)) continue;
        const usd = usdFromJson(entry.usd);
        if (usd === null) continue;
        points.push({ asset, usd, at: instantFromJson(entry.last_updated_at, 'seconds', now) });
      }
      if (points.length === 0) throw new FetchFailure('malformed', 'simple/price held no usable price');
      return points;
    },
    async history({ now, since }) {
      const points: PricePoint[] = [];
      for (const asset of COINS) {
        const after = since.get(asset);
        if (!after) continue;
        try {
          const body = await fetcher.get(
            `/api/v3/coins/${COINGECKO_IDS[asset]}/market_chart?vs_currency=usd&days=1`,
          );
          points.push(...chartPoints(asset, body, after, now));
        } catch (error) {
          // Back-fill is best effort: the chart fills up from live ticks instead.
          logger?.warn({ err: error, asset }, 'CoinGecko history unavailable');
        }
      }
      return points;
    },
  };
}

function chartPoints(asset: AssetCode, body: unknown, after: Date, now: Date): PricePoint[] {
  if (!isRecord(body) || !Array.isArray(body.prices))
    throw new FetchFailure('malformed', 'market_chart without prices');
  const points: PricePoint[] = [];
  for (const row of body.prices) {
    if (!Array.isArray(row)) continue;
    const [time, price] = row as unknown[];
    const usd = usdFromJson(price);
    if (usd === null || typeof time !== 'number') continue;
    const at = instantFromJson(time, 'milliseconds', now);
    if (at && at.getTime() > after.getTime()) points.push({ asset, usd, at });
  }
  return points;
}
