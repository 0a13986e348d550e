import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { binanceProvider } from './binance-provider';
import { coingeckoProvider } from './coingecko-provider';
import { createJsonFetcher } from './http-json';
import { createPriceFeed, type PriceFeed } from './price-feed';
import type { PriceProvider } from './price-provider';
import { simulatedProvider } from './simulated-provider';

/**
 * The providers PRICE_FEED asks for. MULTI, the platform's own coin index, is listed nowhere else, so
 * with a real provider it still comes from the seeded walk (source 'simulated').
 */
export function providersFor(config: Config, logger: Logger): PriceProvider[] {
  const { priceHttp } = config;
  const walk = (assets?: ['MULTI']) =>
    simulatedProvider({ seed: config.priceSimSeed, tickMs: config.priceTickMs, assets });
  switch (config.priceFeed) {
    case 'simulated':
      return [walk()];
    case 'coingecko': {
      const fetcher = createJsonFetcher({
        baseUrl: priceHttp.coingeckoBaseUrl,
        timeoutMs: priceHttp.timeoutMs,
        retries: priceHttp.retries,
        headers: priceHttp.coingeckoApiKey ? { 'x-cg-demo-api-key': priceHttp.coingeckoApiKey } : {},
      });
      return [coingeckoProvider(fetcher, logger), walk(['MULTI'])];
    }
    case 'binance': {
      const fetcher = createJsonFetcher({
        baseUrl: priceHttp.binanceBaseUrl,
        timeoutMs: priceHttp.timeoutMs,
        retries: priceHttp.retries,
      });
      return [binanceProvider(fetcher, logger), walk(['MULTI'])];
    }
  }
}

export function priceFeedFromConfig(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  logger: Logger;
}): PriceFeed {
  return createPriceFeed({
    database: deps.database,
    clock: deps.clock,
    logger: deps.logger,
    providers: providersFor(deps.config, deps.logger),
    tickMs: deps.config.priceTickMs,
    priceJump: deps.config.priceJump,
  });
}
