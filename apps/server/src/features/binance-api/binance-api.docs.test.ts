import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';
import { createKey, signedInject, type TestKey } from './binance-api-test-helpers';

interface JsonSchema {
  readonly type?: string;
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
}
interface Operation {
  readonly parameters?: readonly { name: string; in: string; required?: boolean }[];
  readonly requestBody?: { content: Record<string, { schema: JsonSchema }> };
  readonly responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  readonly security?: readonly Record<string, unknown>[];
}
interface OpenApi {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { securitySchemes?: Record<string, { type: string; in: string; name: string }> };
}

const SIGNED = ['recvWindow', 'timestamp', 'signature'];
/** Each route's Binance parameters, as Binance's reference names them. */
const PARAMS: Readonly<Record<string, readonly string[]>> = {
  'GET /api/v3/ping': [],
  'GET /api/v3/time': [],
  'GET /api/v3/exchangeInfo': ['symbol', 'symbols'],
  'GET /api/v3/depth': ['symbol', 'limit'],
  'GET /api/v3/trades': ['symbol', 'limit'],
  'GET /api/v3/aggTrades': ['symbol', 'fromId', 'startTime', 'endTime', 'limit'],
  'GET /api/v3/klines': ['symbol', 'interval', 'startTime', 'endTime', 'limit'],
  'GET /api/v3/ticker/24hr': ['symbol', 'symbols'],
  'GET /api/v3/ticker/price': ['symbol', 'symbols'],
  'GET /api/v3/ticker/bookTicker': ['symbol', 'symbols'],
  'POST /api/v3/order': [
    'symbol',
    'side',
    'type',
    'timeInForce',
    'quantity',
    'quoteOrderQty',
    'price',
    'stopPrice',
    'newClientOrderId',
    'newOrderRespType',
    ...SIGNED,
  ],
  'POST /api/v3/order/test': [
    'symbol',
    'side',
    'type',
    'timeInForce',
    'quantity',
    'quoteOrderQty',
    'price',
    'stopPrice',
    'newClientOrderId',
    'newOrderRespType',
    ...SIGNED,
  ],
  'POST /api/v3/order/cancelReplace': [
    'symbol',
    'side',
    'type',
    'timeInForce',
    'quantity',
    'quoteOrderQty',
    'price',
    'stopPrice',
    'newClientOrderId',
    'newOrderRespType',
    'cancelReplaceMode',
    'cancelOrderId',
    'cancelOrigClientOrderId',
    ...SIGNED,
  ],
  'DELETE /api/v3/openOrders': ['symbol', ...SIGNED],
  'GET /api/v3/avgPrice': ['symbol'],
  'GET /api/v3/order': ['symbol', 'orderId', 'origClientOrderId', ...SIGNED],
  'DELETE /api/v3/order': ['symbol', 'orderId', 'origClientOrderId', ...SIGNED],
  'GET /api/v3/openOrders': ['symbol', ...SIGNED],
  'GET /api/v3/allOrders': ['symbol', 'startTime', 'endTime', 'limit', ...SIGNED],
  'GET /api/v3/account': SIGNED,
  'GET /api/v3/myTrades': ['symbol', 'orderId', 'startTime', 'endTime', 'fromId', 'limit', ...SIGNED],
  // The OCO order-list endpoints (issue 48).
  'POST /api/v3/orderList/oco': [
    'symbol',
    'side',
    'quantity',
    'aboveType',
    'belowType',
    'listClientOrderId',
    'aboveClientOrderId',
    'abovePrice',
    'aboveStopPrice',
    'aboveTimeInForce',
    'belowClientOrderId',
    'belowPrice',
    'belowStopPrice',
    'belowTimeInForce',
    'newOrderRespType',
    ...SIGNED,
  ],
  'POST /api/v3/order/oco': [
    'symbol',
    'side',
    'quantity',
    'price',
    'stopPrice',
    'stopLimitPrice',
    'stopLimitTimeInForce',
    'listClientOrderId',
    'limitClientOrderId',
    'stopClientOrderId',
    'newOrderRespType',
    ...SIGNED,
  ],
  'GET /api/v3/orderList': ['orderListId', 'origClientOrderId', ...SIGNED],
  'GET /api/v3/allOrderList': ['fromId', 'startTime', 'endTime', 'limit', ...SIGNED],
  'GET /api/v3/openOrderList': SIGNED,
  'DELETE /api/v3/orderList': ['symbol', 'orderListId', 'listClientOrderId', 'newClientOrderId', ...SIGNED],
  // The user data stream's listen key (features/binance-streams): the API key alone, no signature.
  'POST /api/v3/userDataStream': [],
  'PUT /api/v3/userDataStream': ['listenKey'],
  'DELETE /api/v3/userDataStream': ['listenKey'],
};

/** The OpenAPI document at /api/docs describes the Binance-compatible API (issue 44). */
describe('the Binance-compatible API in /api/docs', () => {
  let t: TestApp;
  let doc: OpenApi;
  let key: TestKey;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', '1000');
    key = await createKey(t, user);
  });
  afterAll(async () => t?.close());

  const operation = (method: string, path: string): Operation => {
    const found = doc.paths[path]?.[method.toLowerCase()];
    if (!found) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };
  const parametersOf = (op: Operation): string[] => {
    const form = op.requestBody?.content['application/x-www-form-urlencoded']?.schema.properties;
    return [
      ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      ...Object.keys(form ?? {}),
    ];
  };
  const answerOf = (op: Operation, status: string) =>
    op.responses[status]?.content?.['application/json']?.schema;

  it('lists every /api/v3 route with its Binance parameters, and no route without its entry here', () => {
    const registered = t.routes
      .filter((route) => route.url.startsWith('/api/v3/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.sort()).toEqual(Object.keys(PARAMS).sort());
    for (const [route, names] of Object.entries(PARAMS)) {
      const [method, path] = route.split(' ') as [string, string];
      expect(parametersOf(operation(method, path)).sort(), route).toEqual([...names].sort());
    }
  });

  it("marks the mandatory ones: symbol, side and type of a new order, and the signature's timestamp", () => {
    const order = operation('POST', '/api/v3/order');
    const form = order.requestBody?.content['application/x-www-form-urlencoded']?.schema;
    expect(form?.required).toEqual(
      expect.arrayContaining(['symbol', 'side', 'type', 'timestamp', 'signature']),
    );
    expect(form?.required).not.toContain('price');
    const query = operation('GET', '/api/v3/klines').parameters ?? [];
    expect(query.find((p) => p.name === 'interval')?.required).toBe(true);
    expect(query.find((p) => p.name === 'limit')?.required).toBeFalsy();
  });

  it("answers errors in Binance's { code, msg }, and signed routes need the X-MBX-APIKEY key", () => {
    expect(doc.components.securitySchemes?.['X-MBX-APIKEY']).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-MBX-APIKEY',
    });
    for (const route of Object.keys(PARAMS)) {
      const [method, path] = route.split(' ') as [string, string];
      const op = operation(method, path);
      for (const status of ['400', '429', '500'])
        expect(answerOf(op, status), `${route} ${status}`).toMatchObject({
          type: 'object',
          properties: { code: { type: 'integer' }, msg: { type: 'string' } },
          required: ['code', 'msg'],
        });
      const signed = PARAMS[route]?.includes('signature') || route.endsWith('/userDataStream');
      expect(op.security, route).toEqual(signed ? [{ 'X-MBX-APIKEY': [] }] : undefined);
      if (signed) expect(answerOf(op, '401'), route).toBeDefined();
    }
  });

  it('documents the answers the routes give: the same fields', async () => {
    const fieldsOf = (schema: JsonSchema | undefined) => Object.keys(schema?.properties ?? {}).sort();
    const time = await t.app.inject({ method: 'GET', url: '/api/v3/time', remoteAddress: '127.0.0.1' });
    expect(Object.keys(time.json()).sort()).toEqual(
      fieldsOf(answerOf(operation('GET', '/api/v3/time'), '200')),
    );

    const placed = await signedInject(t, key, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '1000',
    });
    expect(placed.status).toBe(200);
    expect(Object.keys(placed.body).sort()).toEqual(
      fieldsOf(answerOf(operation('POST', '/api/v3/order'), '200')),
    );
    const got = await signedInject(t, key, 'GET', '/order', {
      symbol: 'BTCUSDT',
      orderId: String(placed.body.orderId),
    });
    expect(Object.keys(got.body).sort()).toEqual(
      fieldsOf(answerOf(operation('GET', '/api/v3/order'), '200')),
    );
    const account = await signedInject(t, key, 'GET', '/account', {});
    expect(Object.keys(account.body).sort()).toEqual(
      fieldsOf(answerOf(operation('GET', '/api/v3/account'), '200')),
    );
    const cancelled = await signedInject(t, key, 'DELETE', '/order', {
      symbol: 'BTCUSDT',
      orderId: String(placed.body.orderId),
    });
    expect(Object.keys(cancelled.body).sort()).toEqual(
      fieldsOf(answerOf(operation('DELETE', '/api/v3/order'), '200')),
    );
  });

  it('still lets the handlers read the parameters: a number-like text and a missing one answer as before', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v3/depth', remoteAddress: '127.0.0.1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.",
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v3/depth?symbol=BTCUSDT&limit=0',
      remoteAddress: '127.0.0.1',
    });
    expect(bad.json()).toMatchObject({ code: -1100 });
  });
});
