import {
  aggTradesParamsSchema,
  allOrdersParamsSchema,
  avgPriceParamsSchema,
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context';
import { declareAccess } from '../../platform/route-access';
import type { ApiKeyReader } from '../api-keys/api-key-cache';
import {
  authenticateSignedRequest,
  registerSignedFormBody,
  type SignedPermission,
  signedRequestParams,
} from '../api-keys/authenticate-signed-request';
import type { TradingRuntime } from '../trading/trading-runtime';
import { apiAccount } from './account';
import { newOrderAnswer } from './api-order-view';
import { avgPrice } from './avg-price';
import { documented } from './binance-api-docs';
import { registerBinanceErrorHandler } from './binance-api-errors';
import {
  aggTrades,
  bookTicker,
  depth,
  klines,
  lastPriceOf,
  ticker24h,
  tickerPrice,
  trades,
} from './binance-market-data';
import { marketOfSymbol, marketsOf, parseParams } from './binance-params';
import { cancelOpenApiOrders } from './cancel-open-api-orders';
import { cancelReplaceApiOrder } from './cancel-replace-api-order';
import { exchangeInfo } from './exchange-info';
import { registerOrderListRoutes } from './order-lists.routes';
import { placeApiOrder, testApiOrder } from './place-api-order';
import { allApiOrders, cancelApiOrder, getApiOrder, myApiTrades, openApiOrders } from './query-api-orders';
import { RecentApiOrders } from './recent-api-orders';
import { createRequestWeights, depthWeight } from './request-weight';

type Query = Record<string, string | undefined>;

const queryOf = (request: FastifyRequest): Query => request.query as Query;

/**
 * Binance's spot REST API (a subset, same paths, parameters, signing and answers) at /api/v3, for
 * programs written for Binance and for ccxt's binance class pointed here. Public market data is
 * weighed per client network; signed endpoints authenticate the API key (features/api-keys, through
 * the process's key cache `keys`), then spend from the key's budget too. Weights are counted in memory
 * and shared between processes in batches (request-weight.ts). Each handler reads its parameters with
 * the contract's schema and calls one use case. The routes carry no Fastify schema (that would validate
 * and write differently from Binance); binance-api-docs.ts describes them for /api/docs.
 */
function binanceApiRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  trading: TradingRuntime,
  keys: ApiKeyReader,
): void {
  declareAccess(app, 'public', ctx.guards);
  registerBinanceErrorHandler(app);
  registerSignedFormBody(app);
  const weights = createRequestWeights(ctx);
  const recent = new RecentApiOrders();
  app.addHook('onClose', async () => weights.close());
  const now = () => ctx.clock.now().getTime();

  /** A public endpoint: its weight from the address's budget, then the answer. */
  const open = (path: string, weight: (query: Query) => number, answer: (query: Query) => unknown) =>
    app.get(
      path,
      { config: { swaggerTransform: documented('GET', path, false) } },
      async (request, reply) => {
        weights.spend(request, reply, weight(queryOf(request)));
        return answer(queryOf(request));
      },
    );

  /**
   * A signed endpoint: the address's weight first (so a flood of made-up keys is refused by the rate
   * limit before any of them is looked up), the key's check, the key's weight, then the answer.
   */
  const signedRoute = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    permission: SignedPermission,
    weight: number | ((params: Query) => number),
    answer: (caller: { userId: string; keyId: string }, params: Query) => unknown,
  ) =>
    app.route({
      method,
      url: path,
      config: { swaggerTransform: documented(method, path, true) },
      handler: async (request, reply) => {
        const params = Object.fromEntries(signedRequestParams(request));
        const cost = typeof weight === 'number' ? weight : weight(params);
        // Spent whether the key turns out good or not, so guessing costs as much as asking.
        weights.spend(request, reply, cost);
        const caller = await authenticateSignedRequest(ctx, request, { permission, keys });
        weights.spendKey(reply, cost, caller.keyId);
        return answer(caller, params);
      },
    });

  open(
    '/ping',
    () => 1,
    () => ({}),
  );
  open(
    '/time',
    () => 1,
    () => ({ serverTime: now() }),
  );
  open(
    '/exchangeInfo',
    () => 20,
    (query) => {
      const parsed = parseParams(tickerParamsSchema, query);
      const only = parsed.symbol || parsed.symbols ? marketsOf(parsed) : undefined;
      return exchangeInfo(
        now(),
        { weightPerMinute: ctx.config.binanceApiLimits.weightPerMinutePerAddress },
        only,
      );
    },
  );
  open(
    '/depth',
    (query) => depthWeight(Number(query.limit) || undefined),
    (query) => {
      const parsed = parseParams(depthParamsSchema, query);
      return depth(trading, marketOfSymbol(parsed.symbol), parsed.limit ?? 100);
    },
  );
  open(
    '/trades',
    () => 25,
    (query) => {
      const parsed = parseParams(tradesParamsSchema, query);
      return trades(ctx, marketOfSymbol(parsed.symbol), parsed.limit ?? 500);
    },
  );
  open(
    '/aggTrades',
    () => 4,
    (query) => {
      const parsed = parseParams(aggTradesParamsSchema, query);
      return aggTrades(ctx, marketOfSymbol(parsed.symbol), parsed);
    },
  );
  open(
    '/klines',
    () => 2,
    (query) => {
      const parsed = parseParams(klinesParamsSchema, query);
      const rules = marketOfSymbol(parsed.symbol);
      return klines(ctx, rules, parsed, () => lastPriceOf(ctx, trading, rules));
    },
  );
  const tickers = <T>(query: Query, one: (rules: ReturnType<typeof marketOfSymbol>) => T | Promise<T>) => {
    const parsed = parseParams(tickerParamsSchema, query);
    if (parsed.symbol) return one(marketOfSymbol(parsed.symbol));
    return Promise.all(marketsOf(parsed).map(one));
  };
  const tickerWeight = (single: number, all: number) => (query: Query) => (query.symbol ? single : all);
  open('/ticker/24hr', tickerWeight(2, 80), (query) =>
    tickers(query, (rules) => ticker24h(ctx, trading, rules)),
  );
  open('/ticker/price', tickerWeight(2, 4), (query) =>
    tickers(query, (rules) => tickerPrice(ctx, trading, rules)),
  );
  open(
    '/avgPrice',
    () => 2,
    (query) => avgPrice(ctx, marketOfSymbol(parseParams(avgPriceParamsSchema, query).symbol)),
  );
  open('/ticker/bookTicker', tickerWeight(2, 4), (query) =>
    tickers(query, (rules) => bookTicker(trading, rules)),
  );

  signedRoute('POST', '/order', 'trade', 1, async (caller, params) => {
    const parsed = parseParams(newOrderParamsSchema, params);
    const placed = await placeApiOrder(ctx, trading, caller, parsed, recent);
    return newOrderAnswer(placed.order, placed.api, parsed.newOrderRespType ?? 'FULL');
  });
  signedRoute('POST', '/order/test', 'trade', 1, (_caller, params) =>
    testApiOrder(parseParams(newOrderParamsSchema, params)),
  );
  signedRoute('POST', '/order/cancelReplace', 'trade', 1, (caller, params) =>
    cancelReplaceApiOrder(ctx, trading, caller, parseParams(cancelReplaceParamsSchema, params), recent),
  );
  signedRoute('DELETE', '/openOrders', 'trade', 1, (caller, params) =>
    cancelOpenApiOrders(ctx, trading, caller, parseParams(cancelOpenOrdersParamsSchema, params).symbol),
  );
  signedRoute('GET', '/order', 'read', 4, (caller, params) =>
    getApiOrder(ctx, caller, parseParams(orderParamsSchema, params), recent),
  );
  signedRoute('DELETE', '/order', 'trade', 1, (caller, params) =>
    cancelApiOrder(ctx, trading, caller, parseParams(orderParamsSchema, params), recent),
  );
  signedRoute(
    'GET',
    '/openOrders',
    'read',
    (params) => (params.symbol ? 6 : 80),
    (caller, params) => openApiOrders(ctx, caller, parseParams(openOrdersParamsSchema, params).symbol),
  );
  signedRoute('GET', '/allOrders', 'read', 20, (caller, params) =>
    allApiOrders(ctx, caller, parseParams(allOrdersParamsSchema, params)),
  );
  signedRoute('GET', '/account', 'read', 20, (caller) => apiAccount(ctx, caller));
  // The OCO order-list endpoints (issue 48).
  registerOrderListRoutes(signedRoute, ctx, trading);
  signedRoute('GET', '/myTrades', 'read', 20, (caller, params) =>
    myApiTrades(ctx, caller, parseParams(myTradesParamsSchema, params)),
  );
}

/**
 * The API as a plugin for the composition root to mount at /api/v3. Its routes are public as far as
 * the web's guards go: the signed ones authenticate their API key themselves, through `keys` (the
 * process's key cache, which app.ts builds on its LISTEN connection).
 */
export function binanceApiScope(ctx: AppContext, trading: TradingRuntime, keys: ApiKeyReader) {
  return async (scope: FastifyInstance) => binanceApiRoutes(scope, ctx, trading, keys);
}
