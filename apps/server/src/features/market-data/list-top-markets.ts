import type { TopMarketItem } from '@exchange/contracts';
import { assetIconPath, CRYPTO_CODES, getAsset, type PricePoint } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { coalescedRead } from '../../platform/coalesce';
import { pricesAt } from './market-data.repository';
import { DAY_MS } from './price-provider';
import { tickerOf } from './tickers';

/**
 * The landing page's Top Cryptocurrency table: the ten supported coins with their newest price and
 * change over 24 h. It shows the newest known price even when it is stale (with its time); only actions
 * that use a rate refuse stale prices. A coin the feed has never priced is left out.
 *
 * Built once per app: the newest prices are in memory, and the prices of a day before, the one read
 * from storage, are read once for all the requests that arrive in the same turn of the event loop (each
 * still reads after it arrived; a day-old price moves only as the clock does). The landing page is what
 * every visitor asks for first, and a round trip per request cost more than the rest of the answer.
 */
export function topMarkets(ctx: Pick<AppContext, 'prices' | 'db' | 'clock'>): () => Promise<TopMarketItem[]> {
  const readOpens = coalescedRead(async (keys: readonly 'opens'[]) => {
    const opens = await pricesAt(ctx.db, CRYPTO_CODES, new Date(ctx.clock.now().getTime() - DAY_MS));
    return new Map(keys.map((key) => [key, opens]));
  });
  return async () => {
    const opens = await readOpens('opens');
    return CRYPTO_CODES.map((code) => ctx.prices.latest(code))
      .filter((p): p is PricePoint => p !== undefined)
      .map((point) => ({
        name: getAsset(point.asset).name,
        image_url: assetIconPath(point.asset),
        ...tickerOf(point, opens?.get(point.asset)),
      }));
  };
}
