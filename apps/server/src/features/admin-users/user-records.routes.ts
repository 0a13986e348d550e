import {
  adminRevokeApiKeyRequestSchema,
  adminRevokeApiKeyResponseSchema,
  adminUserRecordsRequestSchema,
  adminUserRecordsResponseSchema,
  messages as m,
} from '@exchange/contracts';
import { isCustomer } from '@exchange/domain';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { findUserById } from '../accounts/accounts.repository';
import { recordAdminAction } from '../audit/record-admin-action';
import { isLiveKeyOf, listUserRecords } from './user-records.repository';

/** What revoking a customer's API key does in the feature that owns keys (its cache), wired in app.ts. */
export interface UserRecordsFeatures {
  readonly revokeApiKeyOf: (userId: string, keyId: string) => Promise<void>;
}

async function requireCustomer(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user || !isCustomer(user)) throw new AppError('not_found', m.adminUserNotFound);
}

/** Admin scope: the sections of a customer's page, a page at a time, and revoking their API keys. */
export function userRecordsRoutes(app: ZodApi, ctx: AppContext, features: UserRecordsFeatures): void {
  app.post(
    '/admin/user-records',
    { schema: { body: adminUserRecordsRequestSchema, response: { 200: adminUserRecordsResponseSchema } } },
    async (request) => {
      const { userId, kind, page, limit } = request.body;
      await requireCustomer(ctx, userId);
      const { rows, total } = await listUserRecords(ctx.db, userId, kind, { page, limit });
      return { status: true, message: m.adminUserDetailsLoaded, data: { content: rows, total, page, limit } };
    },
  );

  app.post(
    '/admin/revoke-api-key',
    { schema: { body: adminRevokeApiKeyRequestSchema, response: { 200: adminRevokeApiKeyResponseSchema } } },
    async (request) => {
      const { userId, keyId } = request.body;
      await requireCustomer(ctx, userId);
      if (!(await isLiveKeyOf(ctx.db, userId, keyId))) throw new AppError('not_found', m.apiKeyNotFound);
      await features.revokeApiKeyOf(userId, keyId);
      await recordAdminAction(ctx.db, {
        adminId: sessionOf(request).userId,
        action: 'API_KEY_REVOKED',
        targetUserId: userId,
        details: { keyId },
      });
      return { status: true, message: m.adminApiKeyRevoked, data: { revoked: true } };
    },
  );
}
