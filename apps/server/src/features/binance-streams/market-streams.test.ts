import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { createKey, listen, signedFetch, type TestKey } from '../binance-api/binance-api-test-helpers';
import { fund } from '../trading/trading-test-helpers';
import { openStream } from './binance-streams-test-helpers';

const order = (side: 'BUY' | 'SELL', price: string, quantity = '0.001') => ({
  symbol: 'BTCUSDT',
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity,
  price,
});

/** Binance's raw and combined market streams and their control frames, read by a plain socket. */
describe("Binance's market streams", () => {
  let t: TestApp;
  let base: string;
  let key: TestKey;
  let otherKey: TestKey;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    const trader = await createTestUser(t, { kyc: true });
    await fund(t, trader, 'USDT', '10000');
    await fund(t, trader, 'BTC', '1');
    key = await createKey(t, trader);
    const other = await createTestUser(t, { kyc: true });
    await fund(t, other, 'USDT', '10000');
    otherKey = await createKey(t, other);
  });
  afterAll(async () => t?.close());

  it('subscribes live, lists and refuses names as Binance does', async () => {
    const socket = await openStream(base, '/ws/0');
    socket.send({ method: 'SUBSCRIBE', params: ['btcusdt@depth', 'btcusdt@depth5@100ms'], id: 1 });
    expect(await socket.next((f) => f.id === 1)).toEqual({ result: null, id: 1 });
    socket.send({ method: 'LIST_SUBSCRIPTIONS', id: 2 });
    expect(await socket.next((f) => f.id === 2)).toEqual({
      result: ['btcusdt@depth', 'btcusdt@depth5@100ms'],
      id: 2,
    });
    socket.send({ method: 'SUBSCRIBE', params: ['nosuch@trade'], id: 3 });
    expect(await socket.next((f) => f.id === 3)).toMatchObject({ error: { code: 2 }, id: 3 });
    socket.socket.send('not json');
    expect(await socket.next((f) => f.id === null)).toMatchObject({ error: { code: 3 } });

    // Two book changes: the diffs follow each other (U = previous u + 1), and the REST snapshot's
    // lastUpdateId is the last u.
    await signedFetch(base, key, 'POST', '/order', order('BUY', '41000'));
    await signedFetch(base, key, 'POST', '/order', order('SELL', '45000', '0.002'));
    const first = await socket.next((f) => f.e === 'depthUpdate');
    const second = await socket.next((f) => f.e === 'depthUpdate' && f !== first);
    expect(first).toMatchObject({ s: 'BTCUSDT', b: [['41000.0', '0.001000']], a: [] });
    expect(second).toMatchObject({ U: Number(first.u) + 1, b: [], a: [['45000.0', '0.002000']] });
    const rest = await (await fetch(`${base}/api/v3/depth?symbol=BTCUSDT`)).json();
    expect(rest.lastUpdateId).toBe(second.u);
    expect(await socket.next((f) => 'lastUpdateId' in f && f.lastUpdateId === second.u)).toEqual({
      lastUpdateId: second.u,
      bids: [['41000.0', '0.001000']],
      asks: [['45000.0', '0.002000']],
    });
    socket.send({ method: 'UNSUBSCRIBE', params: ['btcusdt@depth'], id: 4 });
    expect(await socket.next((f) => f.id === 4)).toEqual({ result: null, id: 4 });
    socket.socket.close();
  });

  it('wraps combined frames with their stream name', async () => {
    const socket = await openStream(
      base,
      '/stream?streams=btcusdt@trade/btcusdt@aggTrade/btcusdt@bookTicker',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await signedFetch(base, otherKey, 'POST', '/order', { ...order('BUY', '45000'), timeInForce: 'IOC' });
    expect(await socket.next((f) => f.stream === 'btcusdt@trade')).toMatchObject({
      data: { e: 'trade', s: 'BTCUSDT', p: '45000.0', q: '0.001000', m: false },
    });
    expect(await socket.next((f) => f.stream === 'btcusdt@aggTrade')).toMatchObject({
      data: { e: 'aggTrade', p: '45000.0', q: '0.001000' },
    });
    expect(await socket.next((f) => f.stream === 'btcusdt@bookTicker')).toMatchObject({
      data: { s: 'BTCUSDT', b: '41000.0', a: '45000.0', A: '0.001000' },
    });
    socket.socket.close();
  });

  it("refuses the WebSocket API's badly signed subscription and unknown methods", async () => {
    const socket = await openStream(base, '/ws-api/v3');
    socket.send({ id: 'p', method: 'ping' });
    expect(await socket.next((f) => f.id === 'p')).toEqual({ id: 'p', status: 200, result: {} });
    const params = { apiKey: key.apiKey, timestamp: String(Date.now()) };
    const payload = `apiKey=${params.apiKey}&timestamp=${params.timestamp}`;
    const wrong = createHmac('sha256', otherKey.secret).update(payload).digest('hex');
    socket.send({
      id: 1,
      method: 'userDataStream.subscribe.signature',
      params: { ...params, signature: wrong },
    });
    expect(await socket.next((f) => f.id === 1)).toEqual({
      id: 1,
      status: 400,
      error: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
    socket.send({
      id: 2,
      method: 'userDataStream.subscribe.signature',
      params: { timestamp: params.timestamp },
    });
    expect(await socket.next((f) => f.id === 2)).toMatchObject({ status: 401, error: { code: -2014 } });
    const right = createHmac('sha256', key.secret).update(payload).digest('hex');
    socket.send({
      id: 3,
      method: 'userDataStream.subscribe.signature',
      params: { ...params, signature: right },
    });
    expect(await socket.next((f) => f.id === 3)).toEqual({
      id: 3,
      status: 200,
      result: { subscriptionId: 0 },
    });
    socket.send({ id: 4, method: 'order.place', params: {} });
    expect(await socket.next((f) => f.id === 4)).toMatchObject({ status: 400, error: { code: -1000 } });
  });

  it('closes a socket that sends more frames than its budget', async () => {
    const socket = await openStream(base, '/ws');
    for (let i = 0; i < 12; i++) socket.send({ method: 'LIST_SUBSCRIPTIONS', id: i });
    expect(await socket.closed).toBe(1008);
  });
});
