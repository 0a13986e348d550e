import {
  adminApproveWithdrawalSchema,
  adminRejectWithdrawalSchema,
  adminWithdrawalListRequestSchema,
  adminWithdrawalListResponseSchema,
  cancelWithdrawalSchema,
  confirmWithdrawalSchema,
  messages as m,
  requestWithdrawalSchema,
  withdrawalListQuerySchema,
  withdrawalListResponseSchema,
  withdrawalResponseSchema,
  withdrawalTermsQuerySchema,
  withdrawalTermsResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { createIdempotencyHooks, idempotentContext } from '../../platform/idempotency';
import { withdrawalAddressRoutes } from './address-book/withdrawal-addresses.routes';
import { adminWithdrawalExportRoutes } from './admin-withdrawal-export.routes';
import { listAllWithdrawals } from './admin-withdrawal-list.repository';
import type { HotWallets } from './coin-sends/coin-destination';
import { cancelWithdrawal } from './requests/cancel-withdrawal';
import { confirmWithdrawal } from './requests/confirm-withdrawal';
import { requestWithdrawal } from './requests/request-withdrawal';
import { approveWithdrawal } from './review/approve-withdrawal';
import { rejectWithdrawal } from './review/reject-withdrawal';
import { withdrawalExportRoutes } from './withdrawal-export.routes';
import { getWithdrawalTerms } from './withdrawal-terms';
import { toAdminWithdrawalItem, toWithdrawalItem } from './withdrawal-views';
import { listUserWithdrawals } from './withdrawals.repository';

/** User scope: the customer's own withdrawals, and cancelling one (a refund needs no KYC). */
export function withdrawalUserRoutes(app: ZodApi, ctx: AppContext): void {
  withdrawalExportRoutes(app, ctx);
  app.get(
    '/withdrawals',
    { schema: { querystring: withdrawalListQuerySchema, response: { 200: withdrawalListResponseSchema } } },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listUserWithdrawals(ctx.db, sessionOf(request).userId, { page, limit });
      return {
        status: true,
        message: m.withdrawalsLoaded,
        data: { content: rows.map((row) => toWithdrawalItem(row, ctx.config.chains)), total, page, limit },
      };
    },
  );

  app.post(
    '/withdrawals/cancel',
    { schema: { body: cancelWithdrawalSchema, response: { 200: withdrawalResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.withdrawalCancelled,
      data: await cancelWithdrawal(ctx, sessionOf(request).userId, request.body),
    }),
  );
}

/**
 * KYC scope: the form's terms, a request (held, code mailed) and its confirmation, and the address
 * book of coin withdrawals; `wallets` (the chain sender) names each chain's hot wallet.
 */
export function withdrawalKycRoutes(app: ZodApi, ctx: AppContext, wallets?: HotWallets): void {
  const hotWallets: HotWallets = wallets ?? { hotWalletAddress: () => null };
  withdrawalAddressRoutes(app, ctx, hotWallets);
  const idempotent = createIdempotencyHooks(ctx.db);

  app.get(
    '/withdrawals/terms',
    { schema: { querystring: withdrawalTermsQuerySchema, response: { 200: withdrawalTermsResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.withdrawalTermsLoaded,
      data: await getWithdrawalTerms(
        ctx,
        sessionOf(request).userId,
        request.query.asset.toUpperCase(),
        request.query.chain,
      ),
    }),
  );

  app.post(
    '/withdrawals',
    { schema: { body: requestWithdrawalSchema, response: { 200: withdrawalResponseSchema } }, ...idempotent },
    async (request) => ({
      status: true,
      message: m.withdrawalRequested,
      data: await requestWithdrawal(
        idempotentContext(request, ctx),
        sessionOf(request).userId,
        request.body,
        hotWallets,
      ),
    }),
  );

  app.post(
    '/withdrawals/confirm',
    { schema: { body: confirmWithdrawalSchema, response: { 200: withdrawalResponseSchema } } },
    async (request) => {
      const data = await confirmWithdrawal(ctx, sessionOf(request).userId, request.body);
      const message =
        data.status === 'APPROVED' ? m.withdrawalConfirmedApproved : m.withdrawalConfirmedForReview;
      return { status: true, message, data };
    },
  );
}

/**
 * Admin scope: every withdrawal (the queue is PENDING_APPROVAL) and its CSV, approving and rejecting
 * one.
 */
export function withdrawalAdminRoutes(app: ZodApi, ctx: AppContext): void {
  adminWithdrawalExportRoutes(app, ctx);
  app.post(
    '/admin/withdrawals',
    {
      schema: {
        body: adminWithdrawalListRequestSchema,
        response: { 200: adminWithdrawalListResponseSchema },
      },
    },
    async (request) => {
      const query = request.body;
      const { rows, total } = await listAllWithdrawals(ctx.db, query, ctx.clock.now());
      return {
        status: true,
        message: m.withdrawalsLoaded,
        data: {
          content: rows.map((row) =>
            toAdminWithdrawalItem(row, ctx.config.chains, ctx.config.withdrawals.secondApprovalAboveCents),
          ),
          total,
          page: query.page,
          limit: query.limit,
        },
      };
    },
  );

  app.post(
    '/admin/withdrawals/approve',
    { schema: { body: adminApproveWithdrawalSchema, response: { 200: withdrawalResponseSchema } } },
    async (request) => {
      const { item, final } = await approveWithdrawal(
        ctx,
        sessionOf(request).userId,
        request.body.withdrawal_id,
      );
      return { status: true, message: final ? m.withdrawalApproved : m.withdrawalFirstApproval, data: item };
    },
  );

  app.post(
    '/admin/withdrawals/reject',
    { schema: { body: adminRejectWithdrawalSchema, response: { 200: withdrawalResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.withdrawalRejected,
      data: await rejectWithdrawal(
        ctx,
        sessionOf(request).userId,
        request.body.withdrawal_id,
        request.body.reason,
      ),
    }),
  );
}
