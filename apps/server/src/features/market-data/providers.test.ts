import type { AssetCode, PricePoint } from '@exchange/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { priceTicks } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { createTestDatabase } from '../../test/test-app';
import { binanceProvider } from './binance-provider';
import { COINGECKO_IDS, coingeckoProvider } from './coingecko-provider';
import { createJsonFetcher } from './http-json';
import { usdFromJson } from './json-decimal';
import { createPriceFeed, type PriceFeed } from './price-feed';
import { type FixtureReply, type ProviderFixture, startProviderFixture } from './provider-fixture';

const NOW = new Date('2026-03-01T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const noLast = new Map<AssetCode, PricePoint>();
const logger = createLogger('silent');

/** Recorded shapes of CoinGecko's /simple/price answer (numbers, each coin with its own update time). */
function coingeckoPrices(overrides: Record<string, unknown> = {}) {
  const entry = (usd: number, ageSeconds = 20) => ({
    usd,
    usd_24h_change: -1.2345,
    last_updated_at: nowSeconds - ageSeconds,
  });
  return {
    bitcoin: entry(64123.45),
    binancecoin: entry(585.1),
    ethereum: entry(3120.55),
    tether: entry(1.0002),
    'usd-coin': entry(0.9998),
    ripple: entry(0.5234),
    cardano: entry(0.4512),
    'matic-network': entry(0.7021),
    polkadot: entry(6.915),
    'binance-usd': entry(1.0001, 600),
    ...overrides,
  };
}

/** Recorded shape of Binance's /ticker/24hr answer (strings). */
function binanceTicker(symbol: string, lastPrice: string) {
  return {
    symbol,
    priceChange: '-12.10000000',
    priceChangePercent: '-1.234',
    lastPrice,
    openTime: NOW.getTime() - 86_400_000,
    closeTime: NOW.getTime() - 1_000,
    count: 123456,
  };
}

describe('price providers', () => {
  let fixture: ProviderFixture;
  const fetcher = () =>
    createJsonFetcher({ baseUrl: fixture.baseUrl, timeoutMs: 200, retries: 1, backoffMs: 1 });
  beforeEach(async () => {
    fixture = await startProviderFixture();
  });
  afterEach(async () => fixture.close());

  it('reads exact prices from JSON numbers and decimal strings', () => {
    expect(usdFromJson(64123.45)).toBe(6_412_345_000_000n);
    expect(usdFromJson(1.5e-7)).toBe(15n);
    expect(usdFromJson(0.123456789)).toBe(12_345_678n);
    expect(usdFromJson('0.52340000')).toBe(52_340_000n);
    for (const bad of [0, -1, Number.NaN, '', 'abc', null, {}, '1e5']) expect(usdFromJson(bad)).toBeNull();
  });

  describe('CoinGecko', () => {
    it('asks /simple/price for the ten coins in USD and keeps each coin’s own update time', async () => {
      fixture.always('/api/v3/simple/price', { json: coingeckoPrices() });
      const points = await coingeckoProvider(fetcher()).latest(NOW, noLast);
      const query = fixture.requests[0]!.query;
      expect(query.get('ids')!.split(',').sort()).toEqual(Object.values(COINGECKO_IDS).sort());
      expect(query.get('vs_currencies')).toBe('usd');
      expect(query.get('include_24hr_change')).toBe('true');
      expect(points).toHaveLength(10);
      expect(points.find((p) => p.asset === 'BTC')).toEqual({
        asset: 'BTC',
        usd: 6_412_345_000_000n,
        at: new Date(NOW.getTime() - 20_000),
      });
      expect(points.find((p) => p.asset === 'BUSD')!.at).toEqual(new Date(NOW.getTime() - 600_000));
    });

    it('leaves out coins missing or unusable in a partial answer, and fails on an empty or malformed one', async () => {
      fixture.queue(
        '/api/v3/simple/price',
        { json: { bitcoin: { usd: 64000 }, ethereum: { usd: 'n/a' }, ripple: {} } },
        { json: {} },
        { body: '<html>rate limited</html>' },
        { json: [1, 2] },
      );
      const provider = coingeckoProvider(fetcher());
      const partial = await provider.latest(NOW, noLast);
      // Without its own time the price's age is unknown: reported with no time, so the feed refuses it.
      expect(partial).toEqual([{ asset: 'BTC', usd: 6_400_000_000_000n, at: null }]);
      for (let i = 0; i < 3; i += 1) await expect(provider.latest(NOW, noLast)).rejects.toThrow();
    });

    it('back-fills from /market_chart?days=1, only after what is stored', async () => {
      const prices = [];
      for (let m = 24 * 60; m >= 5; m -= 5) prices.push([NOW.getTime() - m * 60_000, 64000 + m]);
      fixture.always(`/api/v3/coins/bitcoin/market_chart`, {
        json: { prices, market_caps: [], total_volumes: [] },
      });
      fixture.always(`/api/v3/coins/ethereum/market_chart`, { status: 500, json: {} });
      const since = new Map<AssetCode, Date>([
        ['BTC', new Date(NOW.getTime() - 60 * 60_000)],
        ['ETH', new Date(NOW.getTime() - 60 * 60_000)],
      ]);
      const points = await coingeckoProvider(fetcher()).history({ now: NOW, since, last: noLast });
      expect(fixture.requests.find((r) => r.path.includes('bitcoin'))!.query.get('days')).toBe('1');
      // Eleven points of the last hour (the one at the hour mark itself is already stored); ETH failed alone.
      expect(points).toHaveLength(11);
      expect(points.every((p) => p.asset === 'BTC')).toBe(true);
      expect(points.at(-1)).toEqual({
        asset: 'BTC',
        usd: 6_400_500_000_000n,
        at: new Date(NOW.getTime() - 5 * 60_000),
      });
    });
  });

  describe('Binance', () => {
    it('asks /ticker/24hr for all symbols at once and prices USDT and BUSD at their peg', async () => {
      fixture.always('/api/v3/ticker/24hr', {
        json: [
          binanceTicker('BTCUSDT', '64000.01000000'),
          binanceTicker('POLUSDT', '0.70210000'),
          binanceTicker('DOGEUSDT', '0.1'),
        ],
      });
      const points = await binanceProvider(fetcher()).latest(NOW, noLast);
      expect(JSON.parse(fixture.requests[0]!.query.get('symbols')!)).toEqual([
        'BTCUSDT',
        'BNBUSDT',
        'ETHUSDT',
        'USDCUSDT',
        'XRPUSDT',
        'ADAUSDT',
        'POLUSDT',
        'DOTUSDT',
        'LTCUSDT',
      ]);
      expect(points).toEqual([
        { asset: 'BTC', usd: 6_400_001_000_000n, at: new Date(NOW.getTime() - 1_000) },
        { asset: 'MATIC', usd: 70_210_000n, at: new Date(NOW.getTime() - 1_000) },
        { asset: 'USDT', usd: 100_000_000n, at: NOW },
        { asset: 'BUSD', usd: 100_000_000n, at: NOW },
      ]);
    });

    it('fails on an error answer, so nothing is priced from it (not even the pegs)', async () => {
      fixture.always('/api/v3/ticker/24hr', { status: 400, json: { code: -1121, msg: 'Invalid symbol.' } });
      await expect(binanceProvider(fetcher()).latest(NOW, noLast)).rejects.toThrow();
    });

    it('back-fills from five-minute klines', async () => {
      const open = NOW.getTime() - 15 * 60_000;
      fixture.always('/api/v3/klines', {
        json: [0, 1, 2].map((i) => [
          open + i * 300_000,
          '1.0',
          '1.1',
          '0.9',
          `6.9${i}`,
          '100',
          open + (i + 1) * 300_000 - 1,
        ]),
      });
      const since = new Map<AssetCode, Date>([['DOT', new Date(open)]]);
      const points = await binanceProvider(fetcher()).history({ now: NOW, since, last: noLast });
      expect(fixture.requests[0]!.query.get('symbol')).toBe('DOTUSDT');
      expect(fixture.requests[0]!.query.get('interval')).toBe('5m');
      expect(points).toEqual([
        { asset: 'DOT', usd: 690_000_000n, at: new Date(open + 300_000) },
        { asset: 'DOT', usd: 691_000_000n, at: new Date(open + 600_000) },
        { asset: 'DOT', usd: 692_000_000n, at: NOW },
      ]);
    });
  });
});

/** The feed in front of a real provider adapter: what a CoinGecko outage looks like from the server. */
describe('price feed over CoinGecko', () => {
  const clock = new ManualClock(NOW);
  let fixture: ProviderFixture;
  let database: Database;
  let feed: PriceFeed;

  beforeAll(async () => {
    fixture = await startProviderFixture();
    database = await createTestDatabase();
    const provider = coingeckoProvider(
      createJsonFetcher({ baseUrl: fixture.baseUrl, timeoutMs: 150, retries: 1, backoffMs: 1 }),
      logger,
    );
    feed = createPriceFeed({ database, clock, logger, providers: [provider], tickMs: 3_000 });
  });
  afterAll(async () => {
    await feed.stop();
    await fixture.close();
    await database.close();
  });

  it('serves the last good price with its original time through 500s, hangs and malformed answers', async () => {
    fixture.always('/api/v3/coins/bitcoin/market_chart', {
      json: { prices: [[NOW.getTime() - 600_000, 63000]] },
    });
    fixture.queue('/api/v3/simple/price', { json: coingeckoPrices() });
    await feed.start({ timers: false });
    const good = feed.latest('BTC')!;
    expect(good).toEqual({ asset: 'BTC', usd: 6_412_345_000_000n, at: new Date(NOW.getTime() - 20_000) });
    const stored = await database.db
      .select()
      .from(priceTicks)
      .where(eq(priceTicks.asset, 'BTC'))
      .orderBy(asc(priceTicks.at));
    expect(stored.map((row) => [row.priceUsd, row.source])).toEqual([
      ['63000.000000000000', 'coingecko'],
      ['64123.450000000000', 'coingecko'],
    ]);

    // Each outage as often as the fetcher asks: 500s and hangs are retried once, malformed JSON is not.
    const outages: FixtureReply[][] = [
      [
        { status: 500, json: {} },
        { status: 500, json: {} },
      ],
      [{ hang: true }, { hang: true }],
      [{ body: '{"bitcoin":' }],
    ];
    for (const outage of outages) {
      fixture.queue('/api/v3/simple/price', ...outage);
      clock.advance(3_000);
      await feed.tick();
      expect(feed.latest('BTC')).toEqual(good);
    }

    // A partial answer moves only the coins it holds.
    clock.advance(3_000);
    fixture.queue('/api/v3/simple/price', {
      json: { ethereum: { usd: 3200, last_updated_at: clock.now().getTime() / 1000 } },
    });
    await feed.tick();
    expect(feed.latest('BTC')).toEqual(good);
    expect(feed.latest('ETH')).toEqual({ asset: 'ETH', usd: 320_000_000_000n, at: clock.now() });
  });
});
