import { exportPath, withdrawalColumns, withdrawalListQuerySchema } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { sendListCsv } from '../../platform/csv-export';
import { toWithdrawalItem } from './withdrawal-views';
import { listUserWithdrawals } from './withdrawals.repository';

/** Signed-in scope: the Withdrawals tab as a CSV file, newest first as the list. */
export function withdrawalExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/withdrawals'),
    { schema: { querystring: withdrawalListQuerySchema } },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      return sendListCsv(reply, ctx, withdrawalColumns, async (tx, page, limit) => {
        const { rows } = await listUserWithdrawals(tx, userId, { page, limit });
        return rows.map((row) => toWithdrawalItem(row, ctx.config.chains));
      });
    },
  );
}
