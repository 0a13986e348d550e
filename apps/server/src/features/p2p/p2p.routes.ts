import {
  historyQuerySchema,
  messages,
  p2pHistoryResponseSchema,
  p2pTransferRequestSchema,
  p2pTransferResponseSchema,
  userInfoRequestSchema,
  userInfoResponseSchema,
} from '@exchange/contracts';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { createIdempotencyHooks } from '../../platform/idempotency';
import { listP2pHistory } from './list-p2p-history';
import { lookUpRecipient } from './look-up-recipient';
import { transferP2p } from './transfer-p2p';

/** Recipient look-ups a user may make per minute: plenty for a person, too few to harvest accounts. */
export const USER_INFO_LOOKUPS_PER_MINUTE = 20;

/** A budget per signed-in user (the guard ran first, so the session is known). */
function perUserLimit(app: ZodApi, maxPerMinute: number): preValidationAsyncHookHandler {
  const check = app.createRateLimit({
    max: maxPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `user:${request.session?.userId ?? request.ip}`,
  });
  return async (request, reply) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('rate_limited', messages.tooManyRequests);
    }
  };
}

/** KYC scope: the recipient look-up, transfers and the P2P history. */
export function p2pKycRoutes(app: ZodApi, ctx: AppContext): void {
  const idempotent = createIdempotencyHooks(ctx.db);

  app.post(
    '/common/user/userInfo',
    {
      schema: { body: userInfoRequestSchema, response: { 200: userInfoResponseSchema } },
      preValidation: perUserLimit(app, USER_INFO_LOOKUPS_PER_MINUTE),
    },
    async (request) => {
      const data = await lookUpRecipient(ctx.db, sessionOf(request).userId, request.body.email);
      return { status: true, message: messages.p2pUserFound, data };
    },
  );

  app.post(
    '/p2p/transfer',
    {
      schema: { body: p2pTransferRequestSchema, response: { 200: p2pTransferResponseSchema } },
      ...idempotent,
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      await transferP2p(ctx, userId, request.body);
      return {
        status: true,
        message: messages.p2pTransferSuccess,
        data: { wallet: await ctx.walletOf(userId) },
      };
    },
  );

  app.get(
    '/p2p/p2phistory',
    { schema: { querystring: historyQuerySchema, response: { 200: p2pHistoryResponseSchema } } },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listP2pHistory(ctx.db, sessionOf(request).userId, request.query);
      return { status: true, message: messages.p2pHistoryLoaded, data: items, total, page, limit };
    },
  );
}
