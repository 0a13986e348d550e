import {
  accountRestrictionsResponseSchema,
  adminDebtListRequestSchema,
  adminDebtListResponseSchema,
  adminSettleDebtRequestSchema,
  adminSettleDebtResponseSchema,
  messages as m,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { debtExportRoutes } from './debt-export.routes';
import { toDebtItem } from './debt-views';
import { listDebts } from './debts.repository';
import { getAccountRestrictions } from './get-account-restrictions';
import { settleDebt } from './settle-debt';

/** User scope: what restricts the signed-in user's account (the wallet's and dashboard's notice). */
export function debtUserRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    '/wallet/restrictions',
    { schema: { response: { 200: accountRestrictionsResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.accountRestrictionsLoaded,
      data: await getAccountRestrictions(ctx, sessionOf(request).userId),
    }),
  );
}

/** Admin scope: the debts left by reversed deposits, and settling one. */
export function debtAdminRoutes(app: ZodApi, ctx: AppContext): void {
  debtExportRoutes(app, ctx);

  app.post(
    '/admin/debts',
    { schema: { body: adminDebtListRequestSchema, response: { 200: adminDebtListResponseSchema } } },
    async (request) => {
      const query = request.body;
      const { rows, total } = await listDebts(ctx.db, query);
      return {
        status: true,
        message: m.adminDebtsLoaded,
        data: { content: rows.map(toDebtItem), total, page: query.page, limit: query.limit },
      };
    },
  );

  app.post(
    '/admin/debts/settle',
    { schema: { body: adminSettleDebtRequestSchema, response: { 200: adminSettleDebtResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.debtSettled,
      data: await settleDebt(ctx, sessionOf(request).userId, request.body),
    }),
  );
}
