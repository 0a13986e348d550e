import {
  messages as m,
  messageEnvelope,
  totpConfirmRequestSchema,
  totpConfirmResponseSchema,
  totpDisableRequestSchema,
  totpEnrolResponseSchema,
  totpStatusResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import type { ApiKeyRevocation } from '../accounts/api-key-revocation';
import { confirmTotpEnrolment, disableTwoFactor, startTotpEnrolment, twoFactorStatus } from './two-factor';

/**
 * User scope: every signed-in user (customer or admin) turns two-factor sign-in on and off for
 * themselves; turning it off revokes the account's API keys through `apiKeys`.
 */
export function twoFactorUserRoutes(app: ZodApi, ctx: AppContext, apiKeys: ApiKeyRevocation): void {
  app.post(
    '/auth/2fa/status',
    { schema: { response: { 200: totpStatusResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.twoFactorTitle,
      data: await twoFactorStatus(ctx, sessionOf(request).userId),
    }),
  );

  app.post(
    '/auth/2fa/enrol',
    { schema: { response: { 200: totpEnrolResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.totpEnrolStarted,
      data: await startTotpEnrolment(ctx, sessionOf(request).userId),
    }),
  );

  app.post(
    '/auth/2fa/confirm',
    { schema: { body: totpConfirmRequestSchema, response: { 200: totpConfirmResponseSchema } } },
    async (request) => {
      const session = sessionOf(request);
      const codes = await confirmTotpEnrolment(
        ctx,
        { userId: session.userId, keepSessionId: session.sessionId },
        request.body.code,
      );
      return { status: true, message: m.totpEnabled, data: { recovery_codes: codes } };
    },
  );

  app.post(
    '/auth/2fa/disable',
    { schema: { body: totpDisableRequestSchema, response: { 200: messageEnvelope } } },
    async (request) => {
      const { totp, recovery_code } = request.body;
      await disableTwoFactor(ctx, sessionOf(request), { totp, recoveryCode: recovery_code }, apiKeys);
      return { status: true, message: m.totpDisabled };
    },
  );
}
