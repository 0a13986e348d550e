import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext, ZodApi } from '../../platform/app-context';

export function healthRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    '/health',
    { schema: { response: { 200: z.object({ status: z.boolean(), message: z.string() }) } } },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: true, message: 'ok' };
    },
  );
}
