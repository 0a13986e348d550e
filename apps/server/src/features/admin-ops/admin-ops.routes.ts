import {
  adminDashboardResponseSchema,
  adminGraphResponseSchema,
  adminStakeListRequestSchema,
  adminStakeListResponseSchema,
  adminTransactionListRequestSchema,
  adminTransactionListResponseSchema,
  messages,
  solvencyResponseSchema,
  topStakingResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import type { HoldSource } from '../ledger/hold-sources';
import { getAdminDashboard, type TicketView } from './get-admin-dashboard';
import { getAdminGraph } from './get-admin-graph';
import { type ChainLines, getSolvency } from './get-solvency';
import { listAllStakes } from './list-all-stakes';
import { listAllTransactions } from './list-all-transactions';
import { listTopStakes } from './list-top-stakes';
import { stakeExportRoutes } from './stake-export.routes';
import { transactionExportRoutes } from './transaction-export.routes';

/** What the back office's pages need from the rest of the product, built by the composition root (app.ts). */
export interface AdminOpsFeatures {
  /** What explains LOCKED balances, for the solvency page's ledger check. */
  readonly holdSources: readonly HoldSource[];
  /** A ticket as the support feature shows it, for the dashboard's pending tickets. */
  readonly ticketView: TicketView;
  /** Each chain's on-chain holdings beside its custody account (features/custody), for solvency. */
  readonly chainLines?: ChainLines;
}

/** Admin scope: the dashboard, its graph, every transaction and stake, the top stakes and solvency. */
export function adminOpsRoutes(app: ZodApi, ctx: AppContext, features: AdminOpsFeatures): void {
  app.post(
    '/admin/admin-dashboard',
    { schema: { response: { 200: adminDashboardResponseSchema } } },
    async () => ({
      status: true,
      message: messages.adminDashboardLoaded,
      data: await getAdminDashboard(ctx, features.ticketView),
    }),
  );

  app.post('/admin/admin-graph', { schema: { response: { 200: adminGraphResponseSchema } } }, async () => ({
    status: true,
    message: messages.adminGraphLoaded,
    data: await getAdminGraph(ctx),
  }));

  app.post(
    '/admin/get-all-transaction',
    {
      schema: {
        body: adminTransactionListRequestSchema,
        response: { 200: adminTransactionListResponseSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.body;
      const { content, total } = await listAllTransactions(ctx, request.body);
      return {
        status: true,
        message: messages.adminTransactionsLoaded,
        data: { content, total, page, limit },
      };
    },
  );

  transactionExportRoutes(app, ctx);

  app.post(
    '/admin/get-all-stake',
    { schema: { body: adminStakeListRequestSchema, response: { 200: adminStakeListResponseSchema } } },
    async (request) => {
      const { page, limit } = request.body;
      const { content, total } = await listAllStakes(ctx, request.body);
      return { status: true, message: messages.adminStakesLoaded, data: { content, total, page, limit } };
    },
  );

  stakeExportRoutes(app, ctx);

  app.post('/admin/top-staking', { schema: { response: { 200: topStakingResponseSchema } } }, async () => ({
    status: true,
    message: messages.adminTopStakingLoaded,
    data: await listTopStakes(ctx),
  }));

  app.post('/admin/solvency', { schema: { response: { 200: solvencyResponseSchema } } }, async () => ({
    status: true,
    message: messages.adminSolvencyLoaded,
    data: await getSolvency(ctx, features.holdSources, features.chainLines),
  }));
}
