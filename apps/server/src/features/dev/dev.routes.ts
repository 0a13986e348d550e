import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema';
import type { AppContext, ZodApi } from '../../platform/app-context';

const mailboxQuery = z.object({ to: z.string().trim().toLowerCase().pipe(z.email()) });
const mailboxResponse = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() })),
});

/** Embedded mode only: the outbox, newest first, so a person (or a test) can read an OTP mail. */
export function devMailboxRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    '/dev/mailbox',
    { schema: { querystring: mailboxQuery, response: { 200: mailboxResponse } } },
    async (request) => {
      const rows = await ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, request.query.to))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(50);
      return {
        status: true,
        message: 'ok',
        data: rows.map((row) => ({
          to: row.to,
          subject: row.subject,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
