import {
  messages as m,
  messageEnvelope,
  totpConfirmRequestSchema,
  totpEnrolResponseSchema,
  totpStatusResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import * as repo from './auth.repository';
import { confirmTotpEnrolment, startTotpEnrolment } from './two-factor';

/** Admin scope: an admin turns on two-factor sign-in for their own account. */
export function twoFactorAdminRoutes(app: ZodApi, ctx: AppContext): void {
  app.post(
    '/admin/totp/status',
    { schema: { response: { 200: totpStatusResponseSchema } } },
    async (request) => {
      const user = await repo.findUserById(ctx.db, sessionOf(request).userId);
      return { status: true, message: m.twoFactorTitle, data: { enabled: Boolean(user?.totpEnabledAt) } };
    },
  );

  app.post(
    '/admin/totp/enrol',
    { schema: { response: { 200: totpEnrolResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.totpEnrolStarted,
      data: await startTotpEnrolment(ctx, sessionOf(request).userId),
    }),
  );

  app.post(
    '/admin/totp/confirm',
    { schema: { body: totpConfirmRequestSchema, response: { 200: messageEnvelope } } },
    async (request) => {
      await confirmTotpEnrolment(ctx, sessionOf(request).userId, request.body.code);
      return { status: true, message: m.totpEnabled };
    },
  );
}
