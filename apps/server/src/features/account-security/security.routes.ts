import {
  antiPhishingRequestSchema,
  antiPhishingResponseSchema,
  messages as m,
  revokeOtherSessionsResponseSchema,
  revokeSessionResponseSchema,
  sessionParamsSchema,
  sessionsResponseSchema,
  signInHistoryRequestSchema,
  signInHistoryResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import type { ApiKeyRevocation } from '../accounts/api-key-revocation';
import { antiPhishingPhrase, setAntiPhishingPhrase } from './anti-phishing';
import { listSessions } from './list-sessions';
import { signInHistory } from './sign-in-history';
import { signOutSessions } from './sign-out-sessions';

/**
 * The Security page (user scope: every signed-in user, KYC or not, for their own account only):
 * sessions, sign-in history and the anti-phishing phrase. 'Sign out all other sessions' revokes the
 * account's API keys through `apiKeys`.
 */
export function securityRoutes(app: ZodApi, ctx: AppContext, apiKeys: ApiKeyRevocation): void {
  app.get(
    '/security/sessions',
    { schema: { response: { 200: sessionsResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.sessionsLoaded,
      data: await listSessions(ctx, sessionOf(request)),
    }),
  );

  app.post(
    '/security/sessions/:id/revoke',
    { schema: { params: sessionParamsSchema, response: { 200: revokeSessionResponseSchema } } },
    async (request) => {
      await signOutSessions(
        ctx,
        sessionOf(request),
        { kind: 'one', id: request.params.id.toLowerCase() },
        apiKeys,
      );
      return { status: true, message: m.sessionSignedOut };
    },
  );

  app.post(
    '/security/sessions/revoke-others',
    { schema: { response: { 200: revokeOtherSessionsResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.sessionsOthersSignedOut,
      data: { ended: await signOutSessions(ctx, sessionOf(request), { kind: 'others' }, apiKeys) },
    }),
  );

  app.get(
    '/security/sign-ins',
    { schema: { querystring: signInHistoryRequestSchema, response: { 200: signInHistoryResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.signInHistoryLoaded,
      data: await signInHistory(ctx, sessionOf(request).userId, request.query),
    }),
  );

  app.get(
    '/security/anti-phishing',
    { schema: { response: { 200: antiPhishingResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.antiPhishingLoaded,
      data: { phrase: await antiPhishingPhrase(ctx, sessionOf(request).userId) },
    }),
  );

  app.post(
    '/security/anti-phishing',
    { schema: { body: antiPhishingRequestSchema, response: { 200: antiPhishingResponseSchema } } },
    async (request) => {
      const phrase = await setAntiPhishingPhrase(ctx, sessionOf(request).userId, request.body.phrase);
      return {
        status: true,
        message: phrase ? m.antiPhishingSaved : m.antiPhishingRemoved,
        data: { phrase },
      };
    },
  );
}
