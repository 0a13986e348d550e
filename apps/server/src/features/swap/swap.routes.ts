import {
  historyQuerySchema,
  MULTICOIN_FROM_CODES,
  messages,
  multiSwapRequestSchema,
  swapHistoryResponseSchema,
  swapQuoteRequestSchema,
  swapQuoteResponseSchema,
  swapRequestSchema,
  swapResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { createIdempotencyHooks, idempotentContext } from '../../platform/idempotency';
import { perUserBudget } from '../../platform/user-rate-limit';
import { executeSwap } from './execute-swap';
import { issueSwapQuote, swapQuoteView } from './issue-swap-quote';
import { listSwapHistory } from './list-swap-history';
import { swapExportRoutes } from './swap-export.routes';

const multicoinFrom: ReadonlySet<string> = new Set(MULTICOIN_FROM_CODES);

/** KYC scope: swap quotes, swaps, MULTI purchases and the swap history. */
export function swapKycRoutes(app: ZodApi, ctx: AppContext): void {
  swapExportRoutes(app, ctx);
  const idempotent = createIdempotencyHooks(ctx.db);

  app.post(
    '/swap/quote',
    {
      schema: { body: swapQuoteRequestSchema, response: { 200: swapQuoteResponseSchema } },
      // Every quote is a stored row and a price the house stands by: a budget per user, counted like
      // the instant quotes' (shared PostgreSQL counters), refused with 429 before anything is read.
      config: perUserBudget(ctx.config.swapQuoteLimitPerMinute, 60_000, messages.swapQuoteBudget),
    },
    async (request) => {
      const body = request.body;
      const kind = body.to_crypto_currency_code === 'MULTI' ? 'multi' : 'swap';
      if (kind === 'multi' && !multicoinFrom.has(body.from_crypto_currency_code))
        throw new AppError('unprocessable', messages.multiFromNotAllowed);
      const quote = await issueSwapQuote(ctx, sessionOf(request).userId, kind, {
        from: body.from_crypto_currency_code,
        to: body.to_crypto_currency_code,
        fromAmount: body.from_amount,
      });
      return { status: true, message: messages.swapQuoteIssued, data: swapQuoteView(quote) };
    },
  );

  app.post(
    '/swap',
    { schema: { body: swapRequestSchema, response: { 200: swapResponseSchema } }, ...idempotent },
    async (request) => {
      const userId = sessionOf(request).userId;
      const body = request.body;
      const input = {
        from: body.from_crypto_currency_code,
        to: body.to_crypto_currency_code,
        fromAmount: body.from_amount,
      };
      await executeSwap(idempotentContext(request, ctx), userId, 'swap', input, body.quote_id);
      return { status: true, message: messages.swapExecuted, data: { wallet: await ctx.walletOf(userId) } };
    },
  );

  app.post(
    '/swap/multi',
    { schema: { body: multiSwapRequestSchema, response: { 200: swapResponseSchema } }, ...idempotent },
    async (request) => {
      const userId = sessionOf(request).userId;
      const body = request.body;
      const input = {
        from: body.from_crypto_currency_code,
        to: 'MULTI' as const,
        fromAmount: body.from_amount,
      };
      await executeSwap(idempotentContext(request, ctx), userId, 'multi', input, body.quote_id);
      return { status: true, message: messages.multiBought, data: { wallet: await ctx.walletOf(userId) } };
    },
  );

  app.get(
    '/swap/history',
    { schema: { querystring: historyQuerySchema, response: { 200: swapHistoryResponseSchema } } },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listSwapHistory(ctx.db, sessionOf(request).userId, request.query);
      return { status: true, message: messages.swapHistoryLoaded, data: items, total, page, limit };
    },
  );
}
