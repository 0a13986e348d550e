import {
  dashboardResponseSchema,
  exportPath,
  messages,
  walletResponseSchema,
  walletTransactionColumns,
  walletTransactionsQuerySchema,
  walletTransactionsResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { sendListCsv } from '../../platform/csv-export';
import { getDashboard } from './get-dashboard';
import { getWallet } from './get-wallet';
import { listUserWalletTransactions } from './list-wallet-transactions';
import { statementRoutes } from './statement.routes';

/** Signed-in scope: the wallet, its history and the dashboard figures. */
export function walletRoutes(app: ZodApi, ctx: AppContext): void {
  app.get('/wallet', { schema: { response: { 200: walletResponseSchema } } }, async (request) => {
    const wallet = await getWallet(ctx, sessionOf(request).userId);
    return { status: true, message: messages.walletLoaded, data: { wallet } };
  });

  app.get(
    '/wallet/transactions',
    {
      schema: {
        querystring: walletTransactionsQuerySchema,
        response: { 200: walletTransactionsResponseSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listUserWalletTransactions(
        ctx.db,
        sessionOf(request).userId,
        request.query,
      );
      return { status: true, message: messages.walletTransactionsLoaded, data: items, total, page, limit };
    },
  );

  app.get(
    exportPath('/wallet/transactions'),
    { schema: { querystring: walletTransactionsQuerySchema } },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      return sendListCsv(reply, ctx, walletTransactionColumns, async (tx, page, limit) => {
        const { items } = await listUserWalletTransactions(tx, userId, { ...request.query, page, limit });
        return items;
      });
    },
  );

  statementRoutes(app, ctx);

  app.get('/dashboard', { schema: { response: { 200: dashboardResponseSchema } } }, async (request) => {
    const data = await getDashboard(ctx, sessionOf(request).userId);
    return { status: true, message: messages.dashboardLoaded, data };
  });
}
