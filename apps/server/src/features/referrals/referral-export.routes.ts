import { exportPath, listQuerySchema, referralColumns } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { sendListCsv } from '../../platform/csv-export';
import { listReferrals } from './list-referrals';

/** Signed-in scope: the Referrals tab's referrals as a CSV file, with the list's search. */
export function referralExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/referal/getReferralList'),
    { schema: { querystring: listQuerySchema } },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      return sendListCsv(reply, ctx, referralColumns, async (tx, page, limit) => {
        const { items } = await listReferrals({ db: tx }, userId, { ...request.query, page, limit });
        return items;
      });
    },
  );
}
