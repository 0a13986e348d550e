import {
  changePasswordRequestSchema,
  currentUserResponseSchema,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messages as m,
  messageEnvelope,
  otpVerifyRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { clientNetwork } from '../../platform/client-address';
import type { ApiKeyRevocation } from '../accounts/api-key-revocation';
import { perAccountLimit, perAddressLimit } from './auth-rate-limits';
import { changePassword } from './change-password';
import { getCurrentUser } from './get-current-user';
import { logIn } from './log-in';
import { logOut } from './log-out';
import { PendingWork } from './pending-work';
import { recordRefusedSignIn } from './record-sign-in';
import { refreshSession } from './refresh-session';
import { requestCode } from './request-password-reset';
import { resetPassword } from './reset-password';
import { clearRefreshCookie, presentedRefreshToken, setRefreshCookie } from './session-tokens';
import { signInClient } from './sign-in-place';
import { signUp } from './sign-up';
import { updateProfile } from './update-profile';
import { verifyOtp } from './verify-otp';

/**
 * Sign-up, codes, sign-in and the session cookie: open to everyone, each guarded by rate limits. A
 * password reset revokes the account's API keys through `apiKeys`.
 */
export function authPublicRoutes(app: ZodApi, ctx: AppContext, apiKeys: ApiKeyRevocation): void {
  const limits = ctx.config.authRateLimits;
  const work = new PendingWork(ctx.logger);
  app.addHook('onClose', () => work.drain());

  app.post(
    '/auth/signup',
    {
      schema: { body: signupRequestSchema, response: { 200: signupResponseSchema } },
      config: perAddressLimit(limits.mailIpPerMinute),
    },
    async (request) => ({ status: true, message: m.signupSuccess, data: await signUp(ctx, request.body) }),
  );

  app.post(
    '/otp/verify',
    {
      schema: { body: otpVerifyRequestSchema, response: { 200: messageEnvelope } },
      config: perAddressLimit(limits.ipPerMinute),
      preValidation: perAccountLimit(app, limits.accountPerMinute),
    },
    async (request) => ({ status: true, message: await verifyOtp(ctx, request.body) }),
  );

  app.post(
    '/auth/password/forget',
    {
      schema: { body: forgetPasswordRequestSchema, response: { 200: messageEnvelope } },
      config: perAddressLimit(limits.mailIpPerMinute),
      preValidation: perAccountLimit(app, limits.mailAccountPerMinute),
    },
    async (request) => ({ status: true, message: requestCode(ctx, work, request.body) }),
  );

  app.post(
    '/auth/password/reset',
    {
      schema: { body: resetPasswordRequestSchema, response: { 200: messageEnvelope } },
      config: perAddressLimit(limits.ipPerMinute),
      preValidation: perAccountLimit(app, limits.accountPerMinute),
    },
    async (request) => ({ status: true, message: await resetPassword(ctx, request.body, apiKeys) }),
  );

  app.post(
    '/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      config: perAddressLimit(limits.ipPerMinute),
      preValidation: perAccountLimit(app, limits.accountPerMinute),
    },
    async (request, reply) => {
      const client = signInClient(request);
      // A refusal is written to the named account's sign-in history before it is answered.
      const session = await logIn(ctx, request.body, client).catch((error: unknown) =>
        recordRefusedSignIn(ctx, request.body.email, client, error),
      );
      setRefreshCookie(reply, ctx.config, session.refreshToken);
      return {
        status: true as const,
        message: m.loginSuccess,
        data: session.user,
        token: session.accessToken,
        refresh_token: session.refreshToken,
      };
    },
  );

  app.post(
    '/auth/refreshtoken',
    { schema: { body: refreshRequestSchema, response: { 200: refreshResponseSchema } } },
    async (request, reply) => {
      const tokens = await refreshSession(ctx, presentedRefreshToken(request, request.body.refresh_token));
      setRefreshCookie(reply, ctx.config, tokens.refreshToken);
      return {
        status: true,
        message: m.tokenRefreshed,
        data: { access_token: tokens.accessToken, refresh_token: tokens.refreshToken },
      };
    },
  );

  app.get('/auth/logout', { schema: { response: { 200: messageEnvelope } } }, async (request, reply) => {
    await logOut(ctx, presentedRefreshToken(request));
    clearRefreshCookie(reply, ctx.config);
    return { status: true, message: m.loggedOut };
  });
}

/**
 * The signed-in user's own account: mounted in the scope that requires a valid access token. A
 * password change revokes the account's API keys through `apiKeys`.
 */
export function authUserRoutes(app: ZodApi, ctx: AppContext, apiKeys: ApiKeyRevocation): void {
  app.get('/auth/me', { schema: { response: { 200: currentUserResponseSchema } } }, async (request) => ({
    status: true,
    message: m.currentUser,
    data: await getCurrentUser(ctx, sessionOf(request)),
  }));

  app.post(
    '/auth/password/change',
    { schema: { body: changePasswordRequestSchema, response: { 200: messageEnvelope } } },
    async (request) => {
      const presented = presentedRefreshToken(request, request.body.refresh_token);
      await changePassword(
        ctx,
        sessionOf(request),
        request.body,
        presented,
        clientNetwork(request.ip),
        apiKeys,
      );
      return { status: true, message: m.passwordChanged };
    },
  );

  app.post(
    '/auth/profile/updateProfile',
    { schema: { body: updateProfileRequestSchema, response: { 200: updateProfileResponseSchema } } },
    async (request) => {
      const data = await updateProfile(ctx, sessionOf(request).userId, request.body);
      return { status: true, message: m.profileUpdated, data };
    },
  );
}
