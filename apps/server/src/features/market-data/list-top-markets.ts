import type { TopMarketItem } from '@exchange/contracts';
import { assetIconPath, CRYPTO_CODES, getAsset, type PricePoint } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { pricesAt } from './market-data.repository';
import { DAY_MS } from './price-provider';
import { tickerOf } from './tickers';

/**
 * The landing page's Top Cryptocurrency table: the ten supported coins with their newest price and
 * change over 24 h. It shows the newest known price even when it is stale (with its time); only actions
 * that use a rate refuse stale prices. A coin the feed has never priced is left out.
 */
export async function listTopMarkets(
  ctx: Pick<AppContext, 'prices' | 'db' | 'clock'>,
): Promise<TopMarketItem[]> {
  const now = ctx.clock.now();
  const points = CRYPTO_CODES.map((code) => ctx.prices.latest(code)).filter(
    (p): p is PricePoint => p !== undefined,
  );
  const opens = await pricesAt(
    ctx.db,
    points.map((p) => p.asset),
    new Date(now.getTime() - DAY_MS),
  );
  return points.map((point) => ({
    name: getAsset(point.asset).name,
    image_url: assetIconPath(point.asset),
    ...tickerOf(point, opens.get(point.asset)),
  }));
}
