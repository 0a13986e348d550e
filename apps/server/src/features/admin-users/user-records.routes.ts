import {
  adminEndSessionsRequestSchema,
  adminEndSessionsResponseSchema,
  adminRevokeApiKeyRequestSchema,
  adminRevokeApiKeyResponseSchema,
  adminUserRecordsRequestSchema,
  adminUserRecordsResponseSchema,
  formatMessage,
  messages as m,
} from '@exchange/contracts';
import { isCustomer } from '@exchange/domain';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { findUserById } from '../accounts/accounts.repository';
import { recordAdminAction } from '../audit/record-admin-action';
import { endUserSessions } from './end-user-sessions';
import { isLiveKeyOf, listUserRecords } from './user-records.repository';

/** What revoking a customer's API key does in the feature that owns keys (its cache), wired in app.ts. */
export interface UserRecordsFeatures {
  readonly revokeApiKeyOf: (userId: string, keyId: string) => Promise<void>;
}

async function requireCustomer(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user || !isCustomer(user)) throw new AppError('not_found', m.adminUserNotFound);
}

/**
 * Admin scope: the sections of a customer's page, a page at a time, revoking their API keys and
 * ending their sessions.
 */
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

  app.post(
    '/admin/end-sessions',
    { schema: { body: adminEndSessionsRequestSchema, response: { 200: adminEndSessionsResponseSchema } } },
    async (request) => {
      const { userId, sessionId } = request.body;
      const adminId = sessionOf(request).userId;
      // One's own sessions end on one's Security page, not by signing oneself out from the back office.
      if (userId === adminId) throw new AppError('forbidden', m.adminSessionsOwn);
      await requireCustomer(ctx, userId);
      const ended = await endUserSessions(ctx, adminId, userId, sessionId);
      const message = sessionId
        ? m.adminSessionEnded
        : formatMessage(m.adminSessionsEnded, { count: String(ended) });
      return { status: true, message, data: { ended } };
    },
  );
}
