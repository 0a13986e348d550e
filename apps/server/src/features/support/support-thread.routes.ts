import {
  messages as m,
  supportReplyRequestSchema,
  supportThreadRequestSchema,
  supportThreadResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { getThread, replyAsCustomer } from './support-thread';

/** Signed-in scope: a customer reads their own ticket's thread and replies in it. */
export function supportThreadUserRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    '/support/thread',
    { schema: { querystring: supportThreadRequestSchema, response: { 200: supportThreadResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.supportThreadLoaded,
      data: await getThread(ctx, request.query.ticket_id, sessionOf(request).userId),
    }),
  );

  app.post(
    '/support/reply',
    { schema: { body: supportReplyRequestSchema, response: { 200: supportThreadResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.supportReplySent,
      data: await replyAsCustomer(ctx, sessionOf(request).userId, {
        ticketId: request.body.ticket_id,
        message: request.body.message,
      }),
    }),
  );
}

/** Admin scope: any ticket's thread (the team replies through /admin/support/answer). */
export function supportThreadAdminRoutes(app: ZodApi, ctx: AppContext): void {
  app.post(
    '/admin/support/thread',
    { schema: { body: supportThreadRequestSchema, response: { 200: supportThreadResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.supportThreadLoaded,
      data: await getThread(ctx, request.body.ticket_id),
    }),
  );
}
