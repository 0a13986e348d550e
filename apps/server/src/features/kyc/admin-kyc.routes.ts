import {
  adminGetKycRequestSchema,
  adminKycDetailResponseSchema,
  adminKycListRequestSchema,
  adminKycListResponseSchema,
  adminVerifyKycRequestSchema,
  adminVerifyKycResponseSchema,
  messages,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { findKycWithUser, listKycWithUsers } from './admin-kyc.repository';
import { toAdminKycDetail, toAdminKycListItem } from './admin-kyc-view';
import { loadIdentityMatches } from './identity-match.repository';
import { kycExportRoutes } from './kyc-export.routes';
import { toKycRecord } from './kyc-view';
import { verifyKyc } from './verify-kyc';

/** Admin scope: review KYC submissions. */
export function kycAdminRoutes(app: ZodApi, ctx: AppContext): void {
  app.post(
    '/admin/get-all-kyc',
    { schema: { body: adminKycListRequestSchema, response: { 200: adminKycListResponseSchema } } },
    async (request) => {
      const query = request.body;
      const { rows, total, pendingCount } = await listKycWithUsers(ctx.db, query);
      return {
        status: true,
        message: messages.adminKycListLoaded,
        data: {
          data: {
            content: rows.map(toAdminKycListItem),
            total,
            page: query.page,
            limit: query.limit,
            pending_count: pendingCount,
          },
        },
      };
    },
  );

  kycExportRoutes(app, ctx);

  app.post(
    '/admin/get-kyc',
    { schema: { body: adminGetKycRequestSchema, response: { 200: adminKycDetailResponseSchema } } },
    async (request) => {
      const found = await findKycWithUser(ctx.db, request.body.kycId);
      if (!found) throw new AppError('not_found', messages.kycNotFound);
      const matches = await loadIdentityMatches(ctx.db, found.kyc.identityMatches);
      return { status: true, message: messages.kycLoaded, data: { data: toAdminKycDetail(found, matches) } };
    },
  );

  app.post(
    '/admin/verify-kyc',
    { schema: { body: adminVerifyKycRequestSchema, response: { 200: adminVerifyKycResponseSchema } } },
    async (request) => {
      const row = await verifyKyc(ctx, sessionOf(request).userId, request.body);
      const message = row.status === 'APPROVED' ? messages.kycApproved : messages.kycRejected;
      return { status: true, message, data: { status: true, kyc: toKycRecord(row) } };
    },
  );
}
