import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceTicks } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { topMarkets } from './list-top-markets';

/** Market data as a visitor sees it, over the fixed test price table. */
describe('market data API', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('lists the ten coins of the Top Cryptocurrency table with price, icon and 24 h change', async () => {
    // BTC was $50,000 a day ago (and $55,000 earlier, outside the window); the table has $60,000 now.
    const dayAgo = new Date(clock.now().getTime() - 24 * 3_600_000);
    await t.ctx.db.insert(priceTicks).values([
      { asset: 'BTC', priceUsd: '55000', source: 'simulated', at: new Date(dayAgo.getTime() - 3_600_000) },
      { asset: 'BTC', priceUsd: '50000', source: 'simulated', at: new Date(dayAgo.getTime() - 60_000) },
      { asset: 'BTC', priceUsd: '59000', source: 'simulated', at: new Date(dayAgo.getTime() + 60_000) },
      { asset: 'ETH', priceUsd: '3100', source: 'simulated', at: dayAgo },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/p2p/getTopTenMarket' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.data.map((row: { ticker: string }) => row.ticker)).toEqual([
      'BTC',
      'BNB',
      'ETH',
      'USDT',
      'USDC',
      'XRP',
      'ADA',
      'MATIC',
      'DOT',
      'BUSD',
      'LTC',
    ]);
    expect(body.data[0]).toEqual({
      name: 'Bitcoin',
      ticker: 'BTC',
      image_url: '/coins/btc.svg',
      lastPrice: '60000.00000000',
      priceChangePercent: '20.00',
      at: clock.now().toISOString(),
    });
    // ETH: $3,100 a day ago, $3,000 now: -3.2258...% shown as -3.23.
    expect(body.data[2]).toMatchObject({
      ticker: 'ETH',
      lastPrice: '3000.00000000',
      priceChangePercent: '-3.23',
    });
    // No history: no change to show.
    expect(body.data[5]).toMatchObject({
      ticker: 'XRP',
      lastPrice: '0.50000000',
      priceChangePercent: '0.00',
    });
  });

  it('reads the day-old prices once for requests that arrive together, and afresh for later ones', async () => {
    let reads = 0;
    const db = new Proxy(t.ctx.db, {
      get(target, key, receiver) {
        if (key === 'execute')
          return (...args: Parameters<typeof target.execute>) => {
            reads += 1;
            return target.execute(...args);
          };
        return Reflect.get(target, key, receiver);
      },
    });
    const list = topMarkets({ ...t.ctx, db });
    const together = await Promise.all(Array.from({ length: 20 }, () => list()));
    expect(reads).toBe(1);
    expect(together.every((rows) => rows[0]?.priceChangePercent === '20.00')).toBe(true);
    // Nothing is kept: a day-old price stored since is seen by the next request.
    const dayAgo = new Date(clock.now().getTime() - 24 * 3_600_000);
    await t.ctx.db
      .insert(priceTicks)
      .values({ asset: 'BTC', priceUsd: '40000', source: 'simulated', at: dayAgo });
    const later = await list();
    expect(reads).toBe(2);
    expect(later[0]?.priceChangePercent).toBe('50.00');
  });

  it('gives the platform coin index as MULTI’s price', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/crypto-index' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ price: '2.00000000', at: clock.now().toISOString() });
  });

  it('lists the seven USDT markets of spec section 9 and LTC-USDT (issue 47) with every limit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/market/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, status: true });
    expect(body.data.map((m: { id: string }) => m.id)).toEqual([
      'BTC-USDT',
      'BNB-USDT',
      'ETH-USDT',
      'USDC-USDT',
      'XRP-USDT',
      'MATIC-USDT',
      'DOT-USDT',
      'LTC-USDT',
    ]);
    expect(body.data[0]).toEqual({
      id: 'BTC-USDT',
      base_currency_id: 'BTC',
      quote_currency_id: 'USDT',
      min_price: '0.1',
      max_price: '9999999999999999',
      price_increment: '0.1',
      min_quantity: '0.000001',
      max_quantity: '9999999999999999',
      quantity_precision: 6,
      min_cost: '1',
      max_cost: '9999999999999999',
      cost_precision: 8,
      taker_fee_rate: '0.2',
      maker_fee_rate: '0.2',
      show_in_ui: true,
      closed: false,
    });
    const matic = body.data.find((m: { id: string }) => m.id === 'MATIC-USDT');
    expect(matic).toMatchObject({
      min_price: '0.00001',
      min_quantity: '0.0001',
      quantity_precision: 4,
      min_cost: '0.001',
    });
    const xrp = body.data.find((m: { id: string }) => m.id === 'XRP-USDT');
    expect(xrp).toMatchObject({
      min_price: '0.00001',
      min_quantity: '0.1',
      quantity_precision: 1,
      min_cost: '1',
    });
  });

  describe('the markets wrapper', () => {
    let server: Server;
    let requests = 0;
    beforeAll(async () => {
      server = createServer((_req, res) => {
        requests += 1;
        res.end('{"success":true,"result":[{"name":"EVIL-USDT"}]}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

    it('answers from our own markets and never fetches the URL it is given', async () => {
      const { port } = server.address() as AddressInfo;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/common/wrapper/get',
        payload: { url: `http://127.0.0.1:${port}/api/markets` },
      });
      expect(res.statusCode).toBe(200);
      const result = res.json().data.result;
      expect(result.map((m: { name: string }) => m.name)).toContain('BTC-USDT');
      expect(result.map((m: { name: string }) => m.name)).not.toContain('EVIL-USDT');
      expect(result[0]).toMatchObject({
        name: 'BTC-USDT',
        id: 'BTC-USDT',
        min_quantity: '0.000001',
        taker_fee_rate: '0.2',
      });
      // Give a misbehaving implementation time to reach the server before counting.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(requests).toBe(0);
    });

    it('works without a body and refuses a URL that is not a string', async () => {
      const empty = await t.app.inject({ method: 'POST', url: '/api/v1/common/wrapper/get' });
      expect(empty.statusCode).toBe(200);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/common/wrapper/get',
        payload: { url: 42 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: false, code: 'validation_failed' });
    });
  });

  it('draws the last 30 five-minute points of the day for a coin, and refuses an unknown symbol', async () => {
    const now = clock.now().getTime();
    const rows = [];
    // 3 hours of DOT ticks, one a minute: the chart keeps the last price of each five-minute interval.
    for (let minute = 180; minute >= 0; minute -= 1) {
      rows.push({
        asset: 'DOT',
        priceUsd: `${7 + minute / 1000}`,
        source: 'simulated',
        at: new Date(now - minute * 60_000),
      });
    }
    await t.ctx.db.insert(priceTicks).values(rows);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/market/chart/dot' });
    expect(res.statusCode).toBe(200);
    const points = res.json().data as { time: number; price: string }[];
    expect(points).toHaveLength(30);
    const last = points[29]!;
    expect(last).toEqual({ time: now / 1000, price: '7.00000000' });
    expect(points[28]).toEqual({ time: now / 1000 - 300, price: '7.00100000' });
    for (let i = 1; i < points.length; i += 1) expect(points[i]!.time - points[i - 1]!.time).toBe(300);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/market/chart/DOGE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: false, message: 'Unknown symbol' });
    const usd = await t.app.inject({ method: 'GET', url: '/api/v1/market/chart/USD' });
    expect(usd.statusCode).toBe(400);
  });

  it('documents every market-data route in the generated OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v1/p2p/getTopTenMarket',
      '/api/v1/market/quote',
      '/api/v1/public/newsletter/subscribe',
    ]) {
      expect(paths).toContain(path);
    }
  });

  describe('conversion quote', () => {
    it('converts half a bitcoin into dollars at the reference price', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/market/quote?from=BTC&to=USD&amount=0.5',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        from: 'BTC',
        to: 'USD',
        amount: '0.50000000',
        rate: '60000',
        result: '30000.00',
        at: clock.now().toISOString(),
      });
    });

    it('converts between two coins, rounding the result down', async () => {
      // 1 USDT at $1 buys 1/60000 BTC = 0.0000166666... BTC: 0.00001666 after rounding down.
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/market/quote?from=usdt&to=btc&amount=1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        from: 'USDT',
        to: 'BTC',
        rate: '0.000016666666',
        result: '0.00001666',
      });
      const dollars = await t.app.inject({
        method: 'GET',
        url: '/api/v1/market/quote?from=USD&to=XRP&amount=10',
      });
      expect(dollars.json().data).toMatchObject({ amount: '10.00', result: '20.000000' });
    });

    it('refuses bad input with a 400 envelope', async () => {
      for (const query of [
        'from=BTC&to=USD',
        'from=BTC&to=USD&amount=0',
        'from=BTC&to=USD&amount=-1',
        'from=BTC&to=USD&amount=1e3',
        'from=DOGE&to=USD&amount=1',
        'from=BTC&amount=1',
        'from=USD&to=BTC&amount=1.001',
      ]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/market/quote?${query}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toMatchObject({ status: false });
      }
      const zero = await t.app.inject({
        method: 'GET',
        url: '/api/v1/market/quote?from=BTC&to=USD&amount=0.000',
      });
      expect(zero.json().message).toBe('Amount must be greater than 0');
    });
  });
});
