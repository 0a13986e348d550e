import {
  apiKeyParamsSchema,
  apiKeysRequestSchema,
  apiKeysResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  messages as m,
  revokeApiKeyResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import type { ApiKeyCache } from './api-key-cache';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';

/**
 * The Security page's API keys (user scope: every signed-in, active account, for its own keys only;
 * a trade key needs KYC). `keys`: the process's key cache, which a creation or a revoke clears at once.
 */
export function apiKeyUserRoutes(app: ZodApi, ctx: AppContext, keys?: Pick<ApiKeyCache, 'forgetUser'>): void {
  app.get(
    '/security/api-keys',
    { schema: { querystring: apiKeysRequestSchema, response: { 200: apiKeysResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.apiKeysLoaded,
      data: await listApiKeys(ctx, sessionOf(request).userId, request.query),
    }),
  );

  app.post(
    '/security/api-keys',
    { schema: { body: createApiKeyRequestSchema, response: { 200: createApiKeyResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.apiKeyCreated,
      data: await createApiKey(ctx, sessionOf(request).userId, request.body, keys),
    }),
  );

  app.post(
    '/security/api-keys/:id/revoke',
    { schema: { params: apiKeyParamsSchema, response: { 200: revokeApiKeyResponseSchema } } },
    async (request) => {
      await revokeApiKey(ctx, sessionOf(request).userId, request.params.id.toLowerCase(), keys);
      return { status: true, message: m.apiKeyRevoked };
    },
  );
}
