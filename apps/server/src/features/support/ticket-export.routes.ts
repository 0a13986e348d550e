import { adminSupportListRequestSchema, exportPath } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sendKeysetCsv } from '../../platform/csv-export';
import { type TicketWithUser, ticketListCursor, ticketsAfter } from './support.repository';

const header = ['created_utc', 'updated_utc', 'customer', 'email', 'subject', 'status', 'answered_utc', 'id'];

function cells({ ticket, user }: TicketWithUser) {
  return [
    ticket.createdAt.toISOString(),
    ticket.updatedAt.toISOString(),
    user.name,
    user.email,
    ticket.subject,
    ticket.status,
    ticket.answeredAt?.toISOString() ?? null,
    ticket.id,
  ];
}

/** Admin scope: the ticket list as a CSV file, with the list's search, status filter and sort. */
export function ticketExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/admin/getAllSupport'),
    { schema: { querystring: adminSupportListRequestSchema } },
    async (request, reply) => {
      const query = request.query;
      return sendKeysetCsv(
        reply,
        ctx,
        { name: 'tickets', header, cells },
        (tx, after, limit) => ticketsAfter(tx, query, after, limit),
        (row) => ticketListCursor(query, row),
      );
    },
  );
}
