import { exportPath, stakeColumns, stakesQuerySchema } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { sendListCsv } from '../../platform/csv-export';
import { stakeView } from './stake-view';
import { listUserStakes } from './staking.repository';

/** KYC scope: the Stakes tab's stakes as a CSV file, with the list's search. */
export function stakeExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/stake/user/all'),
    { schema: { querystring: stakesQuerySchema } },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      const now = ctx.clock.now();
      return sendListCsv(reply, ctx, stakeColumns, async (tx, page, limit) => {
        const { rows } = await listUserStakes(tx, userId, { page, limit, search: request.query.search });
        return rows.map((row) => stakeView(row, now));
      });
    },
  );
}
