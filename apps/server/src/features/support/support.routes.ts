import {
  adminSupportAnswerRequestSchema,
  adminSupportAnswerResponseSchema,
  adminSupportListRequestSchema,
  adminSupportListResponseSchema,
  adminSupportStatusRequestSchema,
  listQuerySchema,
  messages,
  supportCreateRequestSchema,
  supportCreateResponseSchema,
  supportListResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { perUserBudget } from '../../platform/user-rate-limit';
import { answerTicket } from './answer-ticket';
import { changeTicketStatus } from './change-ticket-status';
import { createTicket } from './create-ticket';
import { listAllTickets } from './list-all-tickets';
import { listUserTickets } from './list-user-tickets';
import { ticketExportRoutes } from './ticket-export.routes';

const HOUR_MS = 60 * 60 * 1000;

/** Signed-in scope: a user raises tickets and reads their own. */
export function supportUserRoutes(app: ZodApi, ctx: AppContext): void {
  app.post(
    '/support/create',
    {
      schema: { body: supportCreateRequestSchema, response: { 200: supportCreateResponseSchema } },
      // Each ticket is a stored row the staff must read: a budget per user per hour.
      config: perUserBudget(ctx.config.supportTicketLimitPerHour, HOUR_MS, messages.supportTicketLimit),
    },
    async (request) => {
      const data = await createTicket(ctx, sessionOf(request).userId, request.body);
      return { status: true, message: messages.supportCreated, data };
    },
  );

  app.get(
    '/support/getSupportByUser',
    { schema: { querystring: listQuerySchema, response: { 200: supportListResponseSchema } } },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listUserTickets(ctx, sessionOf(request).userId, request.query);
      return { status: true, message: messages.supportTicketsLoaded, data: items, total, page, limit };
    },
  );
}

/** Administrator scope: every ticket, answering one, and closing or reopening one. */
export function supportAdminRoutes(app: ZodApi, ctx: AppContext): void {
  ticketExportRoutes(app, ctx);

  app.post(
    '/admin/getAllSupport',
    {
      schema: { body: adminSupportListRequestSchema, response: { 200: adminSupportListResponseSchema } },
    },
    async (request) => {
      const { page, limit } = request.body;
      const { content, total } = await listAllTickets(ctx, request.body);
      return {
        status: true,
        message: messages.supportTicketsLoaded,
        data: { data: { content, total, page, limit } },
      };
    },
  );

  app.post(
    '/admin/support/answer',
    {
      schema: {
        body: adminSupportAnswerRequestSchema,
        response: { 200: adminSupportAnswerResponseSchema },
      },
    },
    async (request) => {
      const data = await answerTicket(ctx, sessionOf(request).userId, {
        ticketId: request.body.ticket_id,
        answer: request.body.answer,
        status: request.body.status,
      });
      return { status: true, message: messages.supportAnswered, data };
    },
  );

  app.post(
    '/admin/support/status',
    {
      schema: {
        body: adminSupportStatusRequestSchema,
        response: { 200: adminSupportAnswerResponseSchema },
      },
    },
    async (request) => {
      const data = await changeTicketStatus(ctx, sessionOf(request).userId, {
        ticketId: request.body.ticket_id,
        status: request.body.status,
      });
      return { status: true, message: messages.supportStatusChanged, data };
    },
  );
}
