import {
  aggTradesParamsSchema,
  allOrdersParamsSchema,
  avgPriceParamsSchema,
  binanceErrorSchema,
  cancelOpenOrdersParamsSchema,
  cancelReplaceParamsSchema,
  depthParamsSchema,
  klinesParamsSchema,
  myTradesParamsSchema,
  newOrderParamsSchema,
  openOrdersParamsSchema,
  orderParamsSchema,
  tickerParamsSchema,
  tradesParamsSchema,
} from '@exchange/contracts';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as shape from './binance-api-answer-docs';
import { ORDER_LIST_DOCS } from './order-list-docs';

/**
 * The /api/v3 routes as the OpenAPI document at /api/docs shows them: Binance's parameter names, its
 * X-MBX-APIKEY header and HMAC signature, its answers and its `{ code, msg }` errors. Documentation
 * only: the routes carry no Fastify schema (Binance's clients send numbers or text, in the query or a
 * form body, and each handler reads them with the contract's schema and answers Binance's codes
 * itself, binance-params.ts), so each route's `config.swaggerTransform` hands the document the
 * description below instead, and nothing here validates or writes a request or an answer.
 */

type Doc = Parameters<typeof jsonSchemaTransform>[0];
type Method = 'GET' | 'POST' | 'DELETE';

const TAG = 'Binance-compatible API (/api/v3)';
const API_KEY_SCHEME = 'X-MBX-APIKEY';
const SECURITY_SCHEMES = {
  [API_KEY_SCHEME]: {
    type: 'apiKey',
    in: 'header',
    name: 'X-MBX-APIKEY',
    description:
      "The API key (64 letters and digits) made on the Security page. A SIGNED endpoint also takes `timestamp` and `signature`: the hex HMAC-SHA256, under the key's secret, of the parameters as sent (the query string, or the form body) without `signature`.",
  },
} as const;

const digits = z.string().regex(/^\d{1,15}$/);
/** The parameters every SIGNED endpoint adds to its own. */
const signedParams = {
  recvWindow: digits
    .optional()
    .describe('Milliseconds after `timestamp` the request is good for; default 5000, at most 60000 (-1131).'),
  timestamp: digits.describe(
    "The client's time in milliseconds; refused (-1021) when older than recvWindow or over 1000 ms ahead.",
  ),
  signature: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .describe('Hex HMAC-SHA256 of the other parameters as sent, under the API secret (-1022 when wrong).'),
};
const signed = <S extends z.ZodObject>(params: S) => params.extend(signedParams);

/** Binance's error body, with the codes an endpoint may answer at that status. */
const error = (codes: string) => ({
  description: `Binance's error body. ${codes}`,
  content: { 'application/json': { schema: binanceErrorSchema } },
});
const COMMON = {
  429: error("-1003: request weight past the minute's budget (X-MBX-USED-WEIGHT-1M; Retry-After)."),
  500: error('-1000: an unknown error.'),
  503: error('-1001: the service is busy; retry.'),
};
const PUBLIC_400 =
  '-1102 a mandatory parameter missing; -1100 a malformed one (its legal range named); -1121 an unknown symbol.';
const SIGNED_ERRORS = {
  401: error(
    '-2014 the X-MBX-APIKEY header missing or malformed; -2015 an unknown key, an address off its IP list, or a permission it lacks.',
  ),
};
const SIGNED_400 =
  '-1102 a mandatory parameter (timestamp, signature, …) missing; -1100 a malformed one; -1101 parameters in both the query and the body that do not split cleanly; -1131 recvWindow too large; -1022 a wrong signature; -1021 a timestamp outside recvWindow; -1121 an unknown symbol.';

interface RouteDoc {
  readonly summary: string;
  readonly weight: string;
  readonly params?: z.ZodObject;
  readonly answer: z.ZodType;
  readonly errors?: string;
}

const PUBLIC: Readonly<Record<string, RouteDoc>> = {
  '/ping': { summary: 'Test connectivity', weight: '1', answer: z.object({}) },
  '/time': { summary: "The server's time", weight: '1', answer: z.object({ serverTime: shape.ms }) },
  '/exchangeInfo': {
    summary: 'Trading rules and symbol information',
    weight: '20',
    params: tickerParamsSchema,
    answer: shape.exchangeInfo,
  },
  '/depth': {
    summary: 'Order book',
    weight: '5 to 250 by limit',
    params: depthParamsSchema,
    answer: z.object({
      lastUpdateId: z.number().int(),
      bids: z.array(shape.level),
      asks: z.array(shape.level),
    }),
  },
  '/trades': {
    summary: 'Recent trades',
    weight: '25',
    params: tradesParamsSchema,
    answer: z.array(shape.trade),
  },
  '/aggTrades': {
    summary: 'Compressed/aggregate trades',
    weight: '4',
    params: aggTradesParamsSchema,
    answer: z.array(shape.aggTrade),
  },
  '/klines': {
    summary: 'Kline/candlestick data',
    weight: '2',
    params: klinesParamsSchema,
    answer: z.array(shape.kline),
    errors: `${PUBLIC_400} -1120 an unknown interval.`,
  },
  '/ticker/24hr': {
    summary: '24 hour rolling window price change statistics',
    weight: '2 for a symbol, 80 for all',
    params: tickerParamsSchema,
    answer: shape.oneOrList(shape.ticker24h),
  },
  '/ticker/price': {
    summary: 'Symbol price ticker',
    weight: '2 for a symbol, 4 for all',
    params: tickerParamsSchema,
    answer: shape.oneOrList(shape.tickerPrice),
  },
  '/avgPrice': {
    summary: 'Current average price',
    weight: '2',
    params: avgPriceParamsSchema,
    answer: z.object({ mins: z.number().int(), price: z.string(), closeTime: shape.ms }),
  },
  '/ticker/bookTicker': {
    summary: 'Symbol order book ticker',
    weight: '2 for a symbol, 4 for all',
    params: tickerParamsSchema,
    answer: shape.oneOrList(shape.bookTicker),
  },
};

const SIGNED: Readonly<Record<string, RouteDoc>> = {
  'POST /order': {
    summary: 'New order (TRADE)',
    weight: '1',
    params: newOrderParamsSchema,
    answer: shape.newOrderAnswer,
    errors: `${SIGNED_400} -1117 an unknown side; -1116 an unknown type; -1115 an unknown timeInForce; -1106 a parameter the type does not take; -1013 a filter failure (PRICE_FILTER, LOT_SIZE, NOTIONAL); -2010 the order refused (insufficient balance, a duplicate newClientOrderId, an empty book, a closed market, a LIMIT_MAKER that would match: 'Order would immediately match and take.').`,
  },
  'POST /order/test': {
    summary: 'Test new order (TRADE): checked as POST /order, nothing placed',
    weight: '1',
    params: newOrderParamsSchema,
    answer: z.object({}),
    errors: `${SIGNED_400} -1117 an unknown side; -1116 an unknown type; -1115 an unknown timeInForce; -1106 a parameter the type does not take; -1013 a filter failure.`,
  },
  'POST /order/cancelReplace': {
    summary: 'Cancel an existing order and send a new order (TRADE)',
    weight: '1',
    params: cancelReplaceParamsSchema,
    answer: z.object({
      cancelResult: z.enum(['SUCCESS', 'FAILURE']),
      newOrderResult: z.enum(['SUCCESS', 'FAILURE', 'NOT_ATTEMPTED']),
      cancelResponse: z.unknown(),
      newOrderResponse: z.unknown(),
    }),
    errors: `${SIGNED_400} the new order's own refusals (as POST /order), checked before anything is cancelled; -2022 the cancel failed (data: each half's result and answer); 409 -2021 the cancel done and the new order refused.`,
  },
  'DELETE /openOrders': {
    summary: 'Cancel all open orders on a symbol (TRADE)',
    weight: '1',
    params: cancelOpenOrdersParamsSchema,
    answer: z.array(shape.order.extend({ origClientOrderId: z.string() })),
    errors: `${SIGNED_400} -2011 no open order on the symbol.`,
  },
  'GET /order': {
    summary: 'Query order (USER_DATA)',
    weight: '4',
    params: orderParamsSchema,
    answer: shape.order,
    errors: `${SIGNED_400} -2013 no such order.`,
  },
  'DELETE /order': {
    summary: 'Cancel order (TRADE)',
    weight: '1',
    params: orderParamsSchema,
    answer: shape.order.extend({ origClientOrderId: z.string() }),
    errors: `${SIGNED_400} -2013 no such order; -2011 the order is no longer open.`,
  },
  'GET /openOrders': {
    summary: 'Current open orders (USER_DATA)',
    weight: '6 for a symbol, 80 for all',
    params: openOrdersParamsSchema,
    answer: z.array(shape.order),
  },
  'GET /allOrders': {
    summary: 'All orders (USER_DATA)',
    weight: '20',
    params: allOrdersParamsSchema,
    answer: z.array(shape.order),
  },
  'GET /account': { summary: 'Account information (USER_DATA)', weight: '20', answer: shape.account },
  'GET /myTrades': {
    summary: 'Account trade list (USER_DATA)',
    weight: '20',
    params: myTradesParamsSchema,
    answer: z.array(shape.myTrade),
  },
  ...ORDER_LIST_DOCS,
};

/** The OpenAPI schema of one route, as jsonSchemaTransform reads a route's zod schema. */
function routeSchema(method: Method, path: string, signedRoute: boolean): Record<string, unknown> {
  const doc = signedRoute ? SIGNED[`${method} ${path}`] : method === 'GET' ? PUBLIC[path] : undefined;
  if (!doc) throw new Error(`${method} /api/v3${path} has no entry in binance-api-docs.ts`);
  const params = signedRoute ? signed(doc.params ?? z.object({})) : doc.params;
  const where = method === 'POST' ? 'body' : 'querystring';
  return {
    tags: [TAG],
    summary: doc.summary,
    description: signedRoute
      ? `Weight ${doc.weight}. SIGNED: the X-MBX-APIKEY header, \`timestamp\` and \`signature\`. Parameters in the query string${method === 'POST' ? ' and/or an application/x-www-form-urlencoded body' : ''}; split between the two only at whole known parameters (-1101).`
      : `Weight ${doc.weight}.`,
    ...(params ? { [where]: params } : {}),
    ...(method === 'POST' ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
    ...(signedRoute ? { security: [{ [API_KEY_SCHEME]: [] }] } : {}),
    response: {
      200: doc.answer,
      400: error(doc.errors ?? (signedRoute ? SIGNED_400 : PUBLIC_400)),
      ...(signedRoute ? SIGNED_ERRORS : {}),
      ...COMMON,
    },
  };
}

/**
 * The route's `config.swaggerTransform`: the document sees the description above (and the API key's
 * security scheme), the route itself keeps no schema. Throws at registration for a route with no entry.
 */
export function documented(method: Method, path: string, signedRoute: boolean) {
  const schema = routeSchema(method, path, signedRoute);
  return (doc: Doc) => {
    if ('openapiObject' in doc) {
      const components = doc.openapiObject.components ?? {};
      // Set on the document being built: each build starts from a fresh copy of the options' components.
      doc.openapiObject.components = {
        ...components,
        securitySchemes: { ...components.securitySchemes, ...SECURITY_SCHEMES },
      };
    }
    return jsonSchemaTransform({ ...doc, schema });
  };
}
