import type { AssetCode, PricePoint } from '@exchange/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { priceTicks } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createLogger } from '../../platform/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPriceFeed, type PriceFeed } from './price-feed';
import { FEED_ASSETS, type PriceProvider } from './price-provider';
import { simulatedProvider } from './simulated-provider';

const TICK_MS = 3_000;
const logger = createLogger('silent');

/** The simulated feed against a real database, driven tick by tick on a hand-moved clock. */
describe('price feed', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  let t: TestApp;
  let current: PriceFeed | undefined;
  const feeds: PriceFeed[] = [];

  const newFeed = (providers: PriceProvider[] = [simulatedProvider({ seed: 7, tickMs: TICK_MS })]) => {
    const feed = createPriceFeed({ database: t.database, clock, logger, providers, tickMs: TICK_MS });
    feeds.push(feed);
    return feed;
  };
  const tickCount = async (asset?: AssetCode) => {
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(priceTicks)
      .where(asset ? eq(priceTicks.asset, asset) : undefined);
    return row!.n;
  };

  beforeAll(async () => {
    // The app reads prices from whichever feed the scenario runs.
    t = await createTestApp({ clock, deps: { prices: { latest: (asset) => current?.latest(asset) } } });
  });
  afterEach(async () => {
    for (const feed of feeds.splice(0)) await feed.stop();
    current = undefined;
  });
  afterAll(async () => t.close());

  it('back-fills a day of history on first start, so the chart and 24 h change are real at once', async () => {
    await t.ctx.db.delete(priceTicks);
    const feed = newFeed();
    current = feed;
    await feed.start({ timers: false });
    expect(feed.isWriter()).toBe(true);

    // A day of five-minute points for each of the 11 coins: 287 back-filled, then the first live tick.
    expect(await tickCount('BTC')).toBe(288);
    expect(await tickCount()).toBe(288 * FEED_ASSETS.length);
    for (const asset of FEED_ASSETS) {
      const point = feed.latest(asset)!;
      expect(point.at).toEqual(clock.now());
      expect(point.usd > 0n).toBe(true);
    }
    for (const stable of ['USDT', 'USDC', 'BUSD'] as const) {
      const usd = feed.latest(stable)!.usd;
      expect(usd >= 99_970_000n && usd <= 100_030_000n).toBe(true);
    }
    // Realistic: BTC stays within a plausible day's range of its start.
    const btc = feed.latest('BTC')!.usd;
    expect(btc > 5_000_000_000_000n && btc < 8_000_000_000_000n).toBe(true);

    const chart = await t.app.inject({ method: 'GET', url: '/api/v1/market/chart/BTC' });
    expect(chart.json().data).toHaveLength(30);
    const top = await t.app.inject({ method: 'GET', url: '/api/v1/p2p/getTopTenMarket' });
    const btcRow = top.json().data[0];
    expect(btcRow.lastPrice).toBe(
      `${btc / 100_000_000n}.${(btc % 100_000_000n).toString().padStart(8, '0')}`,
    );
    // A random walk of a day does not end exactly where it began.
    expect(
      top.json().data.some((row: { priceChangePercent: string }) => row.priceChangePercent !== '0.00'),
    ).toBe(true);
  });

  it('stores one row per coin per tick and moves the prices on', async () => {
    const feed = newFeed();
    current = feed;
    await feed.start({ timers: false });
    const before = await tickCount();
    const first = feed.latest('ETH')!;
    clock.advance(TICK_MS);
    await feed.tick();
    expect(await tickCount()).toBe(before + FEED_ASSETS.length);
    expect(feed.latest('ETH')!.at).toEqual(clock.now());
    expect(feed.latest('ETH')!.at > first.at).toBe(true);
  });

  it('refuses a quote with 503 once the price is older than the limit, and quotes again after a tick', async () => {
    const feed = newFeed();
    current = feed;
    await feed.start({ timers: false });
    const quote = () => t.app.inject({ method: 'GET', url: '/api/v1/market/quote?from=BTC&to=ETH&amount=1' });
    expect((await quote()).statusCode).toBe(200);

    // PRICE_STALE_AFTER_SECONDS: tens of seconds by default, not minutes.
    expect(t.ctx.config.priceStaleAfterSeconds).toBe(30);
    clock.advance(30_000);
    expect((await quote()).statusCode).toBe(200);
    clock.advance(1_000);
    const stale = await quote();
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({
      status: false,
      message: 'Network error please try again after some time...',
      code: 'price_unavailable',
    });
    const index = await t.app.inject({ method: 'GET', url: '/api/v1/crypto-index' });
    expect(index.statusCode).toBe(503);

    await feed.tick();
    expect((await quote()).statusCode).toBe(200);
  });

  it('continues from the stored prices after a restart, filling only the gap', async () => {
    const first = newFeed();
    await first.start({ timers: false });
    const lastBtc = first.latest('BTC')!;
    await first.stop();
    const before = await tickCount('BTC');

    clock.advance(60 * 60_000);
    const second = newFeed([simulatedProvider({ seed: 99, tickMs: TICK_MS })]);
    await second.start({ timers: false });
    // One hour: eleven five-minute points, then the live tick.
    expect((await tickCount('BTC')) - before).toBe(12);
    const [firstFilled] = await t.ctx.db
      .select()
      .from(priceTicks)
      .where(sql`${priceTicks.asset} = 'BTC' AND ${priceTicks.at} > ${lastBtc.at}`)
      .orderBy(priceTicks.at)
      .limit(1);
    // The walk steps on from the stored price (a five-minute point moves BTC at most 20 bps), not from scratch.
    const filled = BigInt(firstFilled!.priceUsd.replace('.', '').slice(0, -4));
    const drift = filled > lastBtc.usd ? filled - lastBtc.usd : lastBtc.usd - filled;
    expect(drift * 10_000n <= lastBtc.usd * 20n + 10_000n).toBe(true);
  });

  it('lets one process write while the others read, and hands over when the writer stops', async () => {
    const writer = newFeed();
    const reader = newFeed();
    await writer.start({ timers: false });
    await reader.start({ timers: false });
    expect(writer.isWriter()).toBe(true);
    expect(reader.isWriter()).toBe(false);
    expect(reader.latest('DOT')).toEqual(writer.latest('DOT'));

    const rowsBefore = await tickCount();
    clock.advance(TICK_MS);
    await reader.tick();
    expect(await tickCount()).toBe(rowsBefore);
    await writer.tick();
    await reader.tick();
    expect(reader.latest('DOT')!.at).toEqual(clock.now());

    await writer.stop();
    clock.advance(TICK_MS);
    await reader.tick();
    expect(reader.isWriter()).toBe(true);
    expect(reader.latest('DOT')!.at).toEqual(clock.now());
  });

  it('keeps the last good price with its original time while a provider fails, then recovers', async () => {
    await t.ctx.db.delete(priceTicks);
    let failing = false;
    let btcUsd = 6_000_000_000_000n;
    const flaky: PriceProvider = {
      source: 'flaky',
      assets: ['BTC', 'ETH'],
      async latest(now) {
        if (failing) throw new Error('provider down');
        // ETH is missing from every answer: partial data.
        return [{ asset: 'BTC', usd: btcUsd, at: now }];
      },
      async history() {
        return [];
      },
    };
    const feed = newFeed([flaky]);
    current = feed;
    await feed.start({ timers: false });
    const good = feed.latest('BTC')!;
    expect(good.usd).toBe(btcUsd);
    expect(feed.latest('ETH')).toBeUndefined();

    failing = true;
    clock.advance(60_000);
    await feed.tick();
    expect(feed.latest('BTC')).toEqual(good);
    clock.advance(61_000);
    await feed.tick();
    const stale = await t.app.inject({ method: 'GET', url: '/api/v1/market/quote?from=BTC&to=USD&amount=1' });
    expect(stale.statusCode).toBe(503);
    const eth = await t.app.inject({ method: 'GET', url: '/api/v1/market/quote?from=ETH&to=USD&amount=1' });
    expect(eth.statusCode).toBe(503);

    failing = false;
    btcUsd = 6_100_000_000_000n;
    await feed.tick();
    expect(feed.latest('BTC')).toEqual({ asset: 'BTC', usd: btcUsd, at: clock.now() });
    const fresh = await t.app.inject({ method: 'GET', url: '/api/v1/market/quote?from=BTC&to=USD&amount=1' });
    expect(fresh.json().data.result).toBe('61000.00');
  });

  it('does not store a provider’s repeated quote again, so its age keeps showing', async () => {
    await t.ctx.db.delete(priceTicks);
    const quotedAt = clock.now();
    const frozen: PriceProvider = {
      source: 'frozen',
      assets: ['BTC'],
      async latest(): Promise<PricePoint[]> {
        return [{ asset: 'BTC', usd: 6_000_000_000_000n, at: quotedAt }];
      },
      async history() {
        return [];
      },
    };
    const feed = newFeed([frozen]);
    await feed.start({ timers: false });
    clock.advance(TICK_MS);
    await feed.tick();
    expect(await tickCount('BTC')).toBe(1);
    expect(feed.latest('BTC')!.at).toEqual(quotedAt);
  });

  it('prunes history older than two days and drops another provider’s history after a switch', async () => {
    const now = clock.now().getTime();
    await t.ctx.db.delete(priceTicks);
    await t.ctx.db.insert(priceTicks).values([
      { asset: 'BTC', priceUsd: '1', source: 'simulated', at: new Date(now - 3 * 24 * 3_600_000) },
      { asset: 'XRP', priceUsd: '0.5', source: 'coingecko', at: new Date(now - 60_000) },
    ]);
    const feed = newFeed();
    await feed.start({ timers: false });
    const old = await t.ctx.db
      .select()
      .from(priceTicks)
      .where(sql`${priceTicks.at} < ${new Date(now - 2 * 24 * 3_600_000)}`);
    expect(old).toHaveLength(0);
    const foreign = await t.ctx.db.select().from(priceTicks).where(eq(priceTicks.source, 'coingecko'));
    expect(foreign).toHaveLength(0);
  });
});
