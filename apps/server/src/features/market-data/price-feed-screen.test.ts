import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { priceTicks } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createLogger } from '../../platform/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPriceFeed, type PriceFeed } from './price-feed';
import type { PriceProvider, ProviderTick } from './price-provider';

const TICK_MS = 3_000;
const BTC_60K = 6_000_000_000_000n;

/** The feed's tick screen against a real database: a scripted provider, a hand-moved clock. */
describe('price feed tick screen', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  let t: TestApp;
  let feed: PriceFeed | undefined;
  let next: (now: Date) => ProviderTick[] = () => [];

  const scripted: PriceProvider = {
    source: 'scripted',
    assets: ['BTC'],
    async latest(now) {
      return next(now);
    },
    async history() {
      return [];
    },
  };

  async function startFeed(): Promise<PriceFeed> {
    await t.ctx.db.delete(priceTicks);
    feed = createPriceFeed({
      database: t.database,
      clock,
      logger: createLogger('silent'),
      providers: [scripted],
      tickMs: TICK_MS,
      priceJump: t.ctx.config.priceJump,
    });
    await feed.start({ timers: false });
    return feed;
  }

  async function tickAt(usd: bigint | null, at: 'now' | 'none' = 'now'): Promise<void> {
    clock.advance(TICK_MS);
    next = (now) => (usd === null ? [] : [{ asset: 'BTC', usd, at: at === 'now' ? now : null }]);
    await feed!.tick();
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, deps: { prices: { latest: (asset) => feed?.latest(asset) } } });
  });
  afterEach(async () => {
    await feed?.stop();
    feed = undefined;
  });
  afterAll(async () => t.close());

  it('does not use a price whose provider answer carries no timestamp', async () => {
    next = (now) => [{ asset: 'BTC', usd: BTC_60K, at: now }];
    const f = await startFeed();
    const good = f.latest('BTC')!;
    await tickAt(6_100_000_000_000n, 'none');
    expect(f.latest('BTC')).toEqual(good);
    expect(f.rejectedTicks()).toContainEqual({ asset: 'BTC', reason: 'no_timestamp', count: 1 });
  });

  it('holds back a tick that jumps more than 20%, and follows the move once three ticks agree', async () => {
    next = (now) => [{ asset: 'BTC', usd: BTC_60K, at: now }];
    const f = await startFeed();
    const good = f.latest('BTC')!;

    // One bad print (×10) is not used; the next normal tick is.
    await tickAt(60_000_000_000_000n);
    expect(f.latest('BTC')!.usd).toBe(BTC_60K);
    await tickAt(6_010_000_000_000n);
    expect(f.latest('BTC')!.usd).toBe(6_010_000_000_000n);

    // A real crash to $30,000: held for two ticks, believed on the third.
    await tickAt(3_000_000_000_000n);
    await tickAt(2_990_000_000_000n);
    expect(f.latest('BTC')!.usd).toBe(6_010_000_000_000n);
    await tickAt(2_980_000_000_000n);
    expect(f.latest('BTC')!.usd).toBe(2_980_000_000_000n);
    expect(good.usd).toBe(BTC_60K);
    expect(f.rejectedTicks()).toContainEqual({ asset: 'BTC', reason: 'jump', count: 3 });

    // The bad print never reached the stored history either.
    const stored = await t.ctx.db.select().from(priceTicks);
    expect(stored.map((row) => row.priceUsd)).not.toContain('600000.00000000');
  });
});
