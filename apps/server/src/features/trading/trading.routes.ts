import {
  cancelAllOrdersRequestSchema,
  cancelAllOrdersResponseSchema,
  cancelOrderQuerySchema,
  formatMessage,
  instantQuoteRequestSchema,
  instantQuoteResponseSchema,
  marketDepthResponseSchema,
  marketParamsSchema,
  marketTradesResponseSchema,
  messages,
  orderHistoryQuerySchema,
  orderHistoryResponseSchema,
  orderListResponseSchema,
  ordersAndStatusResponseSchema,
  orderWalletResponseSchema,
  placeOcoRequestSchema,
  placeOcoResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
} from '@exchange/contracts';
import { findMarket } from '@exchange/domain';
import { z } from 'zod';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { commitMarkerOf } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createIdempotencyHooks, idempotentContext } from '../../platform/idempotency';
import { perUserLimit } from '../../platform/user-rate-limit';
import { assertOutflowAllowed } from '../outflow/assert-outflow-allowed';
import { cancelOpenOrders } from './cancel-open-orders';
import { cancelOrder } from './cancel-order';
import { executeInstantOrder } from './execute-instant-order';
import { issueInstantQuote, quoteView } from './issue-instant-quote';
import { orderExportRoutes } from './order-export.routes';
import { orderView } from './order-view';
import { placeLimitOrder } from './place-limit-order';
import { placeOco } from './place-oco';
import { userOrderPage, userOrders } from './trading.repository';
import type { TradingRuntime } from './trading-runtime';

const sideParamsSchema = z.object({ side: z.enum(['buy', 'sell']) });

/** Open scope: the order book's depth and the last trades of a market. */
export function tradingPublicRoutes(app: ZodApi, trading: TradingRuntime): void {
  app.get(
    '/market/depth/:marketId',
    { schema: { params: marketParamsSchema, response: { 200: marketDepthResponseSchema } } },
    async (request) => {
      const depth = trading.depth(request.params.marketId);
      if (!depth) throw new AppError('not_found', messages.marketNotFound);
      return { status: true, message: messages.ordersLoaded, data: depth };
    },
  );

  app.get(
    '/market/trades/:marketId',
    { schema: { params: marketParamsSchema, response: { 200: marketTradesResponseSchema } } },
    async (request) => {
      if (!findMarket(request.params.marketId)) throw new AppError('not_found', messages.marketNotFound);
      const views = await trading.trades(request.params.marketId);
      return { status: true, message: messages.ordersLoaded, data: [...views] };
    },
  );
}

/** Signed-in scope: the user's orders, and the wallet refresh the spec's history screen calls. */
export function tradingUserRoutes(app: ZodApi, ctx: AppContext): void {
  orderExportRoutes(app, ctx);
  app.get(
    '/wallet/limitorder/market/get-order-history',
    {
      schema: { querystring: orderHistoryQuerySchema, response: { 200: orderHistoryResponseSchema } },
    },
    async (request) => {
      const { page, limit, status, search } = request.query;
      const { rows, total } = await userOrderPage(ctx.db, sessionOf(request).userId, {
        page,
        limit,
        status,
        search: search || undefined,
      });
      return { status: true, message: messages.ordersLoaded, data: rows.map(orderView), total, page, limit };
    },
  );

  app.get(
    '/wallet/limitorder/market/get-user-open-order',
    { schema: { response: { 200: orderListResponseSchema } } },
    async (request) => {
      const list = await userOrders(ctx.db, sessionOf(request).userId, { openOnly: true });
      return { status: true, message: messages.ordersLoaded, data: list.map(orderView) };
    },
  );

  app.post(
    '/wallet/orders/getordersAndUpdateStatus',
    { schema: { response: { 200: ordersAndStatusResponseSchema } } },
    async (request) => {
      const userId = sessionOf(request).userId;
      const [wallet, open] = await Promise.all([
        ctx.walletOf(userId),
        userOrders(ctx.db, userId, { openOnly: true }),
      ]);
      return {
        status: true,
        message: messages.ordersLoaded,
        data: { wallet, open_orders: open.map(orderView) },
      };
    },
  );
}

/** KYC scope: quotes, instant and limit orders, and cancelling. */
export function tradingKycRoutes(app: ZodApi, ctx: AppContext, trading: TradingRuntime): void {
  const idempotent = createIdempotencyHooks(ctx.db);

  app.post(
    '/wallet/quotes',
    {
      schema: { body: instantQuoteRequestSchema, response: { 200: instantQuoteResponseSchema } },
      // Every quote is a stored row: a budget per user keeps a script from filling the table.
      config: perUserLimit(ctx.config.quoteLimitPerMinute),
    },
    async (request) => {
      const quote = await issueInstantQuote(ctx, sessionOf(request).userId, request.body);
      return { status: true, message: messages.quoteIssued, data: quoteView(quote) };
    },
  );

  app.post(
    '/wallet/limitorder/limitInstant/:side',
    {
      schema: {
        params: sideParamsSchema,
        body: placeOrderRequestSchema,
        response: { 200: placeOrderResponseSchema },
      },
      ...idempotent,
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      const body = request.body;
      const acting = idempotentContext(request, ctx);
      if (body.side !== request.params.side) throw new AppError('unprocessable', messages.orderSideMismatch);
      // An open debt from a reversed deposit pauses sells, instant and limit; buying stays allowed.
      if (body.side === 'sell') await assertOutflowAllowed(ctx, userId, 'sell');
      if (body.type === 'instant') {
        // Without a quote (the spec's client) the order joins the instant desk's next batch.
        if (body.quote_id) await executeInstantOrder(acting, userId, body);
        else await trading.instant.execute(userId, body, commitMarkerOf(acting.db));
        const message = body.side === 'buy' ? messages.buyExecuted : messages.sellExecuted;
        return { status: true, message, data: { wallet: await ctx.walletOf(userId), order: null } };
      }
      const order = await placeLimitOrder(acting, trading.engine, userId, body);
      return {
        status: true,
        message: messages.orderPlaced,
        data: { wallet: await ctx.walletOf(userId), order: orderView(order) },
      };
    },
  );

  // An OCO pair (issue 48): a limit leg and a stop-loss-limit leg, one cancels the other.
  app.post(
    '/wallet/limitorder/oco/:side',
    {
      schema: {
        params: sideParamsSchema,
        body: placeOcoRequestSchema,
        response: { 200: placeOcoResponseSchema },
      },
      ...idempotent,
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      const side = request.params.side;
      if (side === 'sell') await assertOutflowAllowed(ctx, userId, 'sell');
      const placed = await placeOco(
        idempotentContext(request, ctx),
        trading.engine,
        userId,
        side,
        request.body,
      );
      return {
        status: true,
        message: messages.ocoPlaced,
        data: {
          wallet: await ctx.walletOf(userId),
          order_list_id: placed.listId,
          orders: placed.orders.map(orderView),
        },
      };
    },
  );

  app.get(
    '/wallet/limitorder/market/cancle-open-order',
    { schema: { querystring: cancelOrderQuerySchema, response: { 200: orderWalletResponseSchema } } },
    async (request) => {
      const userId = sessionOf(request).userId;
      await cancelOrder(ctx, trading.engine, userId, request.query.market_id, request.query.order_id);
      return {
        status: true,
        message: messages.orderCancelled,
        data: { wallet: await ctx.walletOf(userId) },
      };
    },
  );

  // 'Cancel all' (issue 48): the user's open orders on one market, or everywhere without market_id.
  app.post(
    '/wallet/limitorder/market/cancel-all-open-orders',
    { schema: { body: cancelAllOrdersRequestSchema, response: { 200: cancelAllOrdersResponseSchema } } },
    async (request) => {
      const userId = sessionOf(request).userId;
      const marketId = request.body.market_id ?? undefined;
      if (marketId !== undefined && !findMarket(marketId))
        throw new AppError('not_found', messages.marketNotFound);
      const cancelled = await cancelOpenOrders(ctx, trading.engine, userId, marketId);
      return {
        status: true,
        message: formatMessage(messages.ordersCancelled, {
          count: String(cancelled),
          orders: cancelled === 1 ? 'order' : 'orders',
        }),
        data: { wallet: await ctx.walletOf(userId), cancelled },
      };
    },
  );
}
