import { exportPath, historyQuerySchema, swapColumns } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { sendListCsv } from '../../platform/csv-export';
import { listSwapHistory } from './list-swap-history';

/** KYC scope: the Swap tab's swaps and MULTI purchases as a CSV file, with the list's search. */
export function swapExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/swap/history'),
    { schema: { querystring: historyQuerySchema } },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      return sendListCsv(reply, ctx, swapColumns, async (tx, page, limit) => {
        const { items } = await listSwapHistory(tx, userId, { ...request.query, page, limit });
        return items;
      });
    },
  );
}
