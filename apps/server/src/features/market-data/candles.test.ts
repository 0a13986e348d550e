import { divide, formatMinor } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceCandles } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createLogger } from '../../platform/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { fund, limitOrder, place } from '../trading/trading-test-helpers';
import { createPriceFeed, type PriceFeed } from './price-feed';
import { simulatedProvider } from './simulated-provider';

const TICK_MS = 3_000;
const HOUR_MS = 3_600_000;

interface CandleBody {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/**
 * The trading screen's chart: candles built from the reference price the feed stores and from the
 * market's own trades, over 1H, 1D and 1W, as anyone may read them.
 */
describe('market candles', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:30Z'));
  let t: TestApp;
  let feed: PriceFeed;

  const candles = async (query: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/market/candles?${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ clock, deps: { prices: { latest: (asset) => feed?.latest(asset) } } });
    const now = clock.now().getTime();
    // Stored buckets from an earlier run: a six-day-old hour stays, a four-hour-old minute is pruned.
    await t.ctx.db.insert(referenceCandles).values(
      [
        { intervalS: 3600, at: now - 6 * 24 * HOUR_MS },
        { intervalS: 60, at: now - 4 * HOUR_MS },
      ].map(({ intervalS, at }) => ({
        symbol: 'BTC-USDT',
        intervalS,
        bucketStart: new Date(Math.floor(at / 1000 / intervalS) * intervalS * 1000),
        open: '50000',
        high: '50000',
        low: '50000',
        close: '50000',
      })),
    );
    feed = createPriceFeed({
      database: t.database,
      clock,
      logger: createLogger('silent'),
      providers: [simulatedProvider({ seed: 7, tickMs: TICK_MS })],
      tickMs: TICK_MS,
    });
    await feed.start({ timers: false });
  });
  afterAll(async () => {
    await feed?.stop();
    await t?.close();
  });

  it('charts a day of the back-filled reference price in quarter hours, in the market’s USDT', async () => {
    const res = await candles('market=BTC-USDT&range=1D');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, message: 'Candles' });
    expect(body.data).toMatchObject({
      market: 'BTC-USDT',
      base: 'BTC',
      quote: 'USDT',
      range: '1D',
      interval: 900,
    });
    const list: CandleBody[] = body.data.candles;
    // A day of five-minute history fills every quarter hour of the window.
    expect(list.length).toBeGreaterThanOrEqual(95);
    expect(list.every((c, i) => i === 0 || c.time - list[i - 1]!.time === 900)).toBe(true);
    for (const c of list) {
      expect(c.volume).toBe('0.000000');
      expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
      expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
      // The market's tick is 0.1 USDT: one decimal.
      expect(c.close).toMatch(/^\d+\.\d$/);
    }
    const stats = body.data.stats;
    expect(stats.last).toBe(list.at(-1)!.close);
    expect(stats.volume).toBe('0.000000');
    expect(Number(stats.high)).toBe(Math.max(...list.map((c) => Number(c.high))));
    expect(Number(stats.low)).toBe(Math.min(...list.map((c) => Number(c.low))));
    expect(stats.change).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('offers one-minute candles over an hour and hourly ones over a week, and a coin against USD', async () => {
    const hour = (await candles('market=btc-usdt&range=1h')).json().data;
    expect(hour).toMatchObject({ range: '1H', interval: 60 });
    expect(hour.candles.length).toBeGreaterThanOrEqual(12);
    expect(hour.candles[0].time).toBeGreaterThanOrEqual(clock.now().getTime() / 1000 - 3600);
    const week = (await candles('market=BTC-USDT&range=1W')).json().data;
    expect(week.interval).toBe(3600);
    // The hour kept from six days ago (raw ticks last two), then the back-filled day.
    expect(week.candles[0]).toMatchObject({ open: '50000.0', close: '50000.0' });
    expect(week.candles.length).toBeGreaterThanOrEqual(25);
    const ada = (await candles('market=ADA-USD')).json().data;
    expect(ada).toMatchObject({ market: 'ADA-USD', quote: 'USD', range: '1D' });
    expect(ada.candles.at(-1).close).toMatch(/^\d+\.\d{8}$/);
    // The pruned minute from four hours ago is gone; the six-day-old hour is not.
    const minutes = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM reference_candles WHERE interval_s = 60 AND bucket_start < ${new Date(clock.now().getTime() - 3 * HOUR_MS)}`,
    );
    expect(minutes.rows[0]).toEqual({ n: 0 });
  });

  it('follows the live ticks in the current bucket', async () => {
    const before = (await candles('market=ETH-USDT&range=1H')).json().data.candles.at(-1) as CandleBody;
    clock.advance(TICK_MS);
    await feed.tick();
    const after = (await candles('market=ETH-USDT&range=1H')).json().data.candles.at(-1) as CandleBody;
    expect(after.time).toBe(before.time);
    expect(after.open).toBe(before.open);
    // ETH-USDT is ETH's USD price over USDT's, at the market's 0.01 tick, rounded down.
    const ethUsdt = divide(feed.latest('ETH')!.usd * 100n, feed.latest('USDT')!.usd, 'down');
    expect(after.close).toBe(formatMinor(ethUsdt, 2));
  });

  it('shows the market’s own trades, with their volume, where it traded', async () => {
    const seller = await createTestUser(t, { kyc: true });
    const buyer = await createTestUser(t, { kyc: true });
    await fund(t, seller, 'BTC', '1');
    await fund(t, buyer, 'USDT', '100000');
    clock.advance(60_000);
    const bucket = Math.floor(clock.now().getTime() / 60_000) * 60;
    expect((await place(t, seller, limitOrder('sell', '0.01', '60000'))).statusCode).toBe(200);
    expect((await place(t, seller, limitOrder('sell', '0.02', '60100'))).statusCode).toBe(200);
    expect((await place(t, buyer, limitOrder('buy', '0.01', '60000'))).statusCode).toBe(200);
    clock.advance(5_000);
    expect((await place(t, buyer, limitOrder('buy', '0.02', '60100'))).statusCode).toBe(200);
    clock.advance(5_000);
    expect((await place(t, seller, limitOrder('sell', '0.005', '59900.5'))).statusCode).toBe(200);
    expect((await place(t, buyer, limitOrder('buy', '0.005', '59950'))).statusCode).toBe(200);

    const body = (await candles('market=BTC-USDT&range=1H', buyer.headers)).json().data;
    const traded = (body.candles as CandleBody[]).find((c) => c.time === bucket);
    expect(traded).toEqual({
      time: bucket,
      open: '60000.0',
      high: '60100.0',
      low: '59900.5',
      close: '59900.5',
      volume: '0.035000',
    });
    // The buckets around it still show the reference price, without volume.
    expect((body.candles as CandleBody[]).filter((c) => c.volume !== '0.000000')).toHaveLength(1);
    const day = (await candles('market=BTC-USDT')).json().data;
    expect(day.stats).toMatchObject({ last: '59900.5', volume: '0.035000' });
    expect(Number(day.stats.low)).toBeLessThanOrEqual(59_900.5);
  });

  it('refuses an unknown market or range with 400 and a message, to anyone', async () => {
    for (const [query, message] of [
      ['market=FOO-USDT', 'Unknown market'],
      ['market=ADA-USDT&range=1D', 'Unknown market'],
      ['range=1D', 'Unknown market'],
      ['market=BTC-USDT&range=2H', 'Range must be 1H, 1D or 1W'],
    ] as const) {
      const res = await candles(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message });
    }
  });

  it('is public: a visitor, a customer without KYC and an admin all read the same chart', async () => {
    const unverified = await createTestUser(t);
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const anonymous = await candles('market=BTC-USDT&range=1W');
    expect(anonymous.statusCode).toBe(200);
    for (const user of [unverified, admin]) {
      const res = await candles('market=BTC-USDT&range=1W', user.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(anonymous.json().data);
    }
  });
});
