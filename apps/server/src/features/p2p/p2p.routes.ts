import {
  historyQuerySchema,
  messages,
  p2pHistoryResponseSchema,
  p2pTransferRequestSchema,
  p2pTransferResponseSchema,
  userInfoRequestSchema,
  userInfoResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { createIdempotencyHooks, idempotentContext } from '../../platform/idempotency';
import { listP2pHistory } from './list-p2p-history';
import { lookUpRecipient } from './look-up-recipient';
import { p2pExportRoutes } from './p2p-export.routes';
import { transferP2p } from './transfer-p2p';

/**
 * KYC scope: the recipient look-up, transfers and the P2P history. The look-up and the transfer spend
 * the sender's P2P budgets (p2p-budgets.ts, P2P_* settings): recipient look-ups per minute, shared by
 * both routes, and transfer tries per minute and transfers per day.
 */
export function p2pKycRoutes(app: ZodApi, ctx: AppContext): void {
  p2pExportRoutes(app, ctx);
  const idempotent = createIdempotencyHooks(ctx.db);

  app.post(
    '/common/user/userInfo',
    {
      schema: { body: userInfoRequestSchema, response: { 200: userInfoResponseSchema } },
    },
    async (request) => {
      const data = await lookUpRecipient(ctx, sessionOf(request).userId, request.body.email);
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
      await transferP2p(idempotentContext(request, ctx), userId, request.body);
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
