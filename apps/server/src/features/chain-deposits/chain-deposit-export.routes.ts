import { chainDepositColumns, chainDepositsRequestSchema, exportPath } from '@exchange/contracts';
import type { ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { sendListCsv } from '../../platform/csv-export';
import { chainDepositView } from './chain-deposit-views';
import { listUserChainDeposits } from './chain-deposits.repository';
import type { DepositAddressDeps } from './get-deposit-address';

/**
 * Signed-in scope: the coin deposits tab as a CSV file. The list is a POST (the admin lists' shape);
 * the download is a GET with the same fields in its query string, as every other tab's.
 */
export function chainDepositExportRoutes(app: ZodApi, deps: DepositAddressDeps, clock: Clock): void {
  app.get(
    exportPath('/wallet/chain-deposits'),
    { schema: { querystring: chainDepositsRequestSchema } },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      const ctx = { db: deps.db, logger: deps.logger, clock };
      return sendListCsv(reply, ctx, chainDepositColumns, async (tx, page, limit) => {
        const { rows } = await listUserChainDeposits(tx, userId, { ...request.query, page, limit });
        return rows.map((row) => chainDepositView(row, deps.chains));
      });
    },
  );
}
