import { exportPath, historyQuerySchema, p2pColumns } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { sendListCsv } from '../../platform/csv-export';
import { listP2pHistory } from './list-p2p-history';

/** KYC scope: the p2p History tab's transfers as a CSV file, with the list's search. */
export function p2pExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/p2p/p2phistory'),
    { schema: { querystring: historyQuerySchema } },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      return sendListCsv(reply, ctx, p2pColumns, async (tx, page, limit) => {
        const { items } = await listP2pHistory(tx, userId, { ...request.query, page, limit });
        return items;
      });
    },
  );
}
