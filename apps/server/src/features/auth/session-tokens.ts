import { randomUUID } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context';
import { hashToken, newOpaqueToken } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db';
import type { UserRow } from '../accounts/accounts.repository';
import * as repo from './auth.repository';
import { recordSignIn } from './record-sign-in';
import { type SignInClient, UNKNOWN_CLIENT } from './sign-in-place';

/**
 * A sign-in is a short-lived access JWT plus an opaque refresh token. The refresh token travels in an
 * HttpOnly, SameSite=Strict cookie scoped to the auth routes (page scripts cannot read it and other
 * sites cannot send it); API clients may pass it in the body instead. Only its SHA-256 is stored.
 */
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

export interface SessionTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
}

/** Stores a new refresh token in `familyId` (a new family for a fresh sign-in) and returns it. */
export async function issueRefreshToken(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'config'>,
  userId: string,
  familyId: string,
  now: Date,
): Promise<string> {
  const token = newOpaqueToken();
  await repo.insertRefreshToken(tx, {
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ctx.config.refreshTokenTtlDays * 86_400_000),
    createdAt: now,
  });
  return token;
}

/**
 * Starts a new sign-in (a new token family) for a user who has just proved who they are, from
 * `client` (the device and network the Security page shows), and records it (record-sign-in.ts: the
 * session row, the sign-in history, a mail when the device or network is new).
 */
export async function startSession(
  ctx: Pick<AppContext, 'config' | 'db' | 'tokens' | 'clock' | 'mailer' | 'logger'>,
  user: Pick<UserRow, 'id' | 'role'>,
  start: { client: SignInClient; twoFactorPassed: boolean } = {
    client: UNKNOWN_CLIENT,
    twoFactorPassed: false,
  },
): Promise<SessionTokens> {
  const sessionId = randomUUID();
  const now = ctx.clock.now();
  const refreshToken = await issueRefreshToken(ctx.db, ctx, user.id, sessionId, now);
  await recordSignIn(ctx, { userId: user.id, sessionId, ...start, at: now });
  const accessToken = await ctx.tokens.signAccessToken({ userId: user.id, role: user.role, sessionId });
  return { accessToken, refreshToken };
}

export function refreshCookieOptions(
  config: Pick<Config, 'env' | 'refreshTokenTtlDays'>,
): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.env === 'production',
    path: REFRESH_COOKIE_PATH,
    maxAge: config.refreshTokenTtlDays * 86_400,
  };
}

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, refreshCookieOptions(config));
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  const { maxAge: _maxAge, ...options } = refreshCookieOptions(config);
  reply.clearCookie(REFRESH_COOKIE, options);
}

/**
 * The refresh token a request presents. The cookie wins over the body: a browser may still send a
 * stale body value from an older client, and presenting a retired token would look like theft.
 */
export function presentedRefreshToken(request: FastifyRequest, bodyToken?: string): string | undefined {
  const fromCookie = request.cookies[REFRESH_COOKIE];
  return fromCookie || bodyToken || undefined;
}
