import {
  candlesQuerySchema,
  candlesResponseSchema,
  chartParamsSchema,
  chartResponseSchema,
  cryptoIndexResponseSchema,
  marketListResponseSchema,
  quoteQuerySchema,
  quoteResponseSchema,
  topTenMarketResponseSchema,
  wrapperRequestSchema,
  wrapperResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { requireFreshPrice } from '../../platform/prices';
import { getCandles } from './get-candles';
import { getPriceChart } from './get-price-chart';
import { listMarkets, wrapperMarkets } from './list-markets';
import { topMarkets } from './list-top-markets';
import { quoteConversion } from './quote-conversion';
import { formatUsd } from './tickers';

/** Public market data: every answer comes from the server's own feed and rules, never from a third party. */
export function marketDataRoutes(app: ZodApi, ctx: AppContext): void {
  const listTopMarkets = topMarkets(ctx);
  app.get(
    '/p2p/getTopTenMarket',
    { schema: { response: { 200: topTenMarketResponseSchema } } },
    async () => ({
      status: true,
      message: 'Top markets',
      data: await listTopMarkets(),
    }),
  );

  app.get('/crypto-index', { schema: { response: { 200: cryptoIndexResponseSchema } } }, async () => {
    const multi = requireFreshPrice(ctx, 'MULTI');
    return {
      status: true,
      message: 'Crypto index',
      data: { price: formatUsd(multi.usd), at: multi.at.toISOString() },
    };
  });

  for (const path of ['/market/', '/market']) {
    app.get(path, { schema: { response: { 200: marketListResponseSchema } } }, async () => ({
      success: true as const,
      status: true as const,
      message: 'Markets',
      data: listMarkets(),
    }));
  }

  // Spec section "Where we deliberately differ", item 2: the caller's URL is accepted and ignored.
  app.post(
    '/common/wrapper/get',
    { schema: { body: wrapperRequestSchema, response: { 200: wrapperResponseSchema } } },
    async () => ({ status: true, message: 'Markets', data: wrapperMarkets() }),
  );

  app.get(
    '/market/chart/:symbol',
    { schema: { params: chartParamsSchema, response: { 200: chartResponseSchema } } },
    async (request) => ({
      status: true,
      message: 'Chart',
      data: await getPriceChart(ctx, request.params.symbol),
    }),
  );

  // The trading screen's chart: candles of a market (trades, else the reference price) over 1H/1D/1W.
  app.get(
    '/market/candles',
    { schema: { querystring: candlesQuerySchema, response: { 200: candlesResponseSchema } } },
    async (request) => ({ status: true, message: 'Candles', data: await getCandles(ctx, request.query) }),
  );

  app.get(
    '/market/quote',
    { schema: { querystring: quoteQuerySchema, response: { 200: quoteResponseSchema } } },
    async (request) => ({ status: true, message: 'Quote', data: quoteConversion(ctx, request.query) }),
  );
}
