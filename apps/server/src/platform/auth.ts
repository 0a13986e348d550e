import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@exchange/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { refreshTokens, users } from '../db/schema';
import type { Db } from './db';
import { AppError } from './errors';

/**
 * Who is calling: set by `requireUser` from a verified access token. `sessionId` names the sign-in
 * (the refresh-token family) the token was issued for; the guards check it is still live on every
 * request, so logging out, a password change or a disabled account end access tokens at once.
 */
export interface Session {
  readonly userId: string;
  readonly role: Role;
  readonly sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export interface TokenService {
  signAccessToken(session: Session): Promise<string>;
  verifyAccessToken(token: string): Promise<Session | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenService(secret: string, ttlSeconds: number, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccessToken(session) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ role: session.role, sid: session.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(session.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verifyAccessToken(token) {
      try {
        // A token without an expiry would never expire, so exp (and sub) are required, not optional.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now(),
          requiredClaims: ['exp', 'sub'],
        });
        const { role, sid } = payload;
        // The subject is read as a uuid column: anything else would be a database error, not a 401.
        if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return null;
        if (role !== 'USER' && role !== 'ADMIN') return null;
        // A token without a sign-in to check against could never be revoked, so it is refused.
        if (typeof sid !== 'string' || !UUID.test(sid)) return null;
        return { userId: payload.sub, role, sessionId: sid };
      } catch {
        return null;
      }
    },
  };
}

/** Opaque random tokens (refresh tokens) are stored only as their SHA-256. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/**
 * Guards, used as preHandler hooks by the scopes in app.ts. Each reads what it needs fresh, so a
 * role or KYC change takes effect on the next request, not when the token expires.
 */
export function createGuards(tokens: TokenService, db: Db) {
  /**
   * The session an access token stands for, if the token is genuine, its user is ACTIVE and its
   * sign-in has not been revoked (one indexed read). The role is the stored one, not the token's.
   */
  async function liveSession(token: string): Promise<Session | null> {
    const claimed = await tokens.verifyAccessToken(token);
    if (!claimed) return null;
    const [user] = await db
      .select({
        status: users.status,
        role: users.role,
        live: sql<boolean>`exists (${db
          .select({ one: sql`1` })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.familyId, claimed.sessionId),
              eq(refreshTokens.userId, claimed.userId),
              isNull(refreshTokens.revokedAt),
            ),
          )})`,
      })
      .from(users)
      .where(eq(users.id, claimed.userId))
      .limit(1);
    if (user?.status !== 'ACTIVE' || !user.live) return null;
    return { userId: claimed.userId, role: user.role, sessionId: claimed.sessionId };
  }

  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearer(request);
    const session = token ? await liveSession(token) : null;
    if (!session) throw new AppError('unauthorized', 'Unauthorized');
    request.session = session;
  }

  async function requireKyc(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const [user] = await db
      .select({ verified: users.isKycVerified })
      .from(users)
      .where(eq(users.id, request.session!.userId))
      .limit(1);
    if (!user?.verified) throw new AppError('kyc_required', 'Please Complete Your Kyc');
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (request.session!.role !== 'ADMIN') throw new AppError('forbidden', 'Forbidden');
  }

  return { liveSession, requireUser, requireKyc, requireAdmin };
}

export type Guards = ReturnType<typeof createGuards>;

/** The session of a request that passed a guard. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('sessionOf called on a route without a guard');
  return request.session;
}
