import { exportPath, orderColumns, orderHistoryQuerySchema } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { sendListCsv } from '../../platform/csv-export';
import { orderView } from './order-view';
import { userOrderPage } from './trading.repository';

/** Signed-in scope: the Order Transaction tab's orders as a CSV file, with the list's status and search. */
export function orderExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/wallet/limitorder/market/get-order-history'),
    { schema: { querystring: orderHistoryQuerySchema } },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      const { status, search } = request.query;
      return sendListCsv(reply, ctx, orderColumns, async (tx, page, limit) => {
        const { rows } = await userOrderPage(tx, userId, {
          page,
          limit,
          status,
          search: search || undefined,
        });
        return rows.map(orderView);
      });
    },
  );
}
