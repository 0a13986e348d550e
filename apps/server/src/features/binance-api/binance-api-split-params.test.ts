import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { createKey, type TestKey } from './binance-api-test-helpers';

const ORDER = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001&price=50000';
const FORM = 'application/x-www-form-urlencoded';

/**
 * Where a signed request's parameters may be (issue 43). The signature is over the query string and
 * the body joined, so a captured request re-split at another place signs the same, yet reads
 * otherwise: a split that does not fall between known parameters is refused (-1101), before anything
 * is placed. Query only (Binance's own connector, even with a JSON content type and an empty body),
 * body only (ccxt) and both at once (Binance's documented example) work.
 */
describe('the Binance-compatible API and parameters split between query and body', () => {
  let t: TestApp;
  let owner: TestUser;
  let key: TestKey;

  beforeAll(async () => {
    t = await createTestApp({
      env: { BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '1000000', BINANCE_API_WEIGHT_PER_MINUTE_KEY: '1000000' },
    });
    owner = await createTestUser(t, { kyc: true });
    await fund(t, owner, 'USDT', '1000');
    key = await createKey(t, owner);
  });
  afterAll(async () => t?.close());

  const sign = (text: string) => createHmac('sha256', key.secret).update(text).digest('hex');
  /** The order's text, timestamped now, and its signature over it as a whole. */
  const signedOrder = () => {
    const text = `${ORDER}&timestamp=${Date.now()}`;
    return { text, signature: sign(text) };
  };
  const send = (
    method: 'POST' | 'DELETE' | 'GET',
    path: string,
    query: string,
    body: string | undefined,
    contentType?: string,
  ) =>
    t.app.inject({
      method,
      url: `/api/v3${path}${query ? `?${query}` : ''}`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-mbx-apikey': key.apiKey, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(body === undefined ? {} : { payload: body }),
    });
  const openOrders = async () => {
    const text = `timestamp=${Date.now()}`;
    const res = await send('GET', '/openOrders', `${text}&signature=${sign(text)}`, undefined);
    expect(res.statusCode).toBe(200);
    return res.json() as { orderId: string; price: string }[];
  };

  it('refuses a captured order split again so that it reads another price, placing nothing', async () => {
    const before = await balances(t, owner);
    const { text, signature } = signedOrder();
    // Signed as one body: "...&price=50000&timestamp=...". Cut after "price=5": the query reads price=5,
    // and the joined text, which the signature covers, is unchanged.
    const cut = text.indexOf('price=5') + 'price=5'.length;
    const res = await send(
      'POST',
      '/order',
      text.slice(0, cut),
      `${text.slice(cut)}&signature=${signature}`,
      FORM,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1101, msg: 'Too many parameters sent for this endpoint.' });
    expect(await openOrders()).toEqual([]);
    expect(await balances(t, owner)).toEqual(before);
  });

  it("accepts parameters in both places, as Binance's own example sends them, whichever holds the signature", async () => {
    const timestamp = () => `timestamp=${Date.now()}`;
    // Binance's documented example: part of the order in the query, the rest in the body, signed over
    // the two joined with nothing between them.
    const query = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC';
    const body = `quantity=0.001&price=50000&${timestamp()}`;
    const bodySigned = await send(
      'POST',
      '/order',
      query,
      `${body}&signature=${sign(`${query}${body}`)}`,
      FORM,
    );
    expect(bodySigned.statusCode, bodySigned.body).toBe(200);
    const later = `quantity=0.001&price=50000&${timestamp()}`;
    const querySigned = await send(
      'POST',
      '/order',
      `${query}&signature=${sign(`${query}${later}`)}`,
      later,
      FORM,
    );
    expect(querySigned.statusCode, querySigned.body).toBe(200);
    const orders = await openOrders();
    expect(orders.map((o) => o.price)).toEqual(['50000.0', '50000.0']);
    // A name in both places: the query's value counts, as on Binance.
    const cancelBody = `orderId=${orders[0]?.orderId}&symbol=ETHUSDT&${timestamp()}`;
    const cancel = await send(
      'DELETE',
      '/order',
      'symbol=BTCUSDT',
      `${cancelBody}&signature=${sign(`symbol=BTCUSDT${cancelBody}`)}`,
      FORM,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    // A part that is no known parameter is refused before anything else when the request is split.
    const odd = await send('POST', '/order', `${query}&colour=red`, `${body}&signature=x`, FORM);
    expect(odd.json()).toMatchObject({ code: -1101 });
    expect(await openOrders()).toHaveLength(1);
  });

  it('accepts the order with its parameters all in the body, or all in the query', async () => {
    const inBody = signedOrder();
    const bodyOnly = await send('POST', '/order', '', `${inBody.text}&signature=${inBody.signature}`, FORM);
    expect(bodyOnly.statusCode, bodyOnly.body).toBe(200);
    const inQuery = signedOrder();
    const queryOnly = await send(
      'POST',
      '/order',
      `${inQuery.text}&signature=${inQuery.signature}`,
      undefined,
    );
    expect(queryOnly.statusCode, queryOnly.body).toBe(200);
    // The signature alone on the other side splits nothing: the signed text is all on one side.
    const apart = signedOrder();
    const signatureApart = await send('POST', '/order', `signature=${apart.signature}`, apart.text, FORM);
    expect(signatureApart.statusCode, signatureApart.body).toBe(200);
    expect(await openOrders()).toHaveLength(4);
  });

  it("accepts Binance's connector: parameters in the query, a JSON content type and an empty body", async () => {
    const order = signedOrder();
    const placed = await send(
      'POST',
      '/order',
      `${order.text}&signature=${order.signature}`,
      '',
      'application/json',
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json();
    const cancelText = `symbol=BTCUSDT&orderId=${orderId}&timestamp=${Date.now()}`;
    const cancelled = await send(
      'DELETE',
      '/order',
      `${cancelText}&signature=${sign(cancelText)}`,
      '',
      'application/json',
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELED' });
    // An empty form body beside the query is no second place either.
    const form = signedOrder();
    const emptyForm = await send('POST', '/order', `${form.text}&signature=${form.signature}`, '', FORM);
    expect(emptyForm.statusCode, emptyForm.body).toBe(200);
    // A JSON body that is not JSON is still refused, in Binance's shape.
    const junk = await send(
      'POST',
      '/order',
      `${form.text}&signature=${form.signature}`,
      '{"symbol":',
      'application/json',
    );
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toHaveProperty('code');
    await expectLedgerConsistent(t.ctx.db);
  });
});
