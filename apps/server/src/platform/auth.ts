import { createHash, randomBytes } from 'node:crypto';
import { messages, type Role } from '@exchange/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { coalescedRead } from './coalesce';
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

/** How many verified access tokens each process remembers (a few MB at most). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string, ttlSeconds: number, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { session: Session; exp: number }>();
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
      // A signature is checked once per token: the claims are kept (bounded, oldest dropped first)
      // and only the expiry is checked again on later requests. The guards still read the sign-in and
      // the user on every request, so revocation is not delayed by this.
      const known = verified.get(token);
      if (known) return known.exp * 1000 > now().getTime() ? known.session : null;
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
        const session: Session = { userId: payload.sub, role, sessionId: sid };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, { session, exp: payload.exp! });
        return session;
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

/** What the guards read of a caller: the stored user and whether this sign-in is live and passed two-factor. */
interface CallerRow {
  readonly status: string;
  readonly role: Role;
  readonly kyc: boolean;
  readonly live: boolean;
  readonly second_factor_missing: boolean;
  readonly two_factor_off: boolean;
}

/** What the guards enforce beyond the session: in production an admin needs two-factor on. */
export interface GuardRules {
  /**
   * Admin routes refuse an admin whose account has two-factor off (totp_not_enrolled), so the back
   * office opens only once it is on; the two-factor routes themselves are the signed-in user's and
   * stay open. On in production (issue 46 point 6), off elsewhere so the embedded demo admin works.
   */
  readonly adminTwoFactorRequired: boolean;
}

/**
 * Guards, used as preHandler hooks by the scopes in app.ts. Each reads what it needs fresh, so a
 * role or KYC change takes effect on the next request, not when the token expires.
 */
export function createGuards(
  tokens: TokenService,
  db: Db,
  rules: GuardRules = { adminTwoFactorRequired: false },
) {
  /**
   * The callers as stored now: one indexed read for every request that arrived in the same turn of
   * the event loop (platform/coalesce.ts), each after its request came in, so nothing is cached. It
   * brings the stored role (not the token's), the status, the KYC flag and whether the sign-in is
   * still live, so no guard needs a second query. A prepared statement with array parameters: one
   * text whatever the number of callers.
   */
  const readCallers = coalescedRead<string, CallerRow>(async (keys) => {
    const pairs = keys.map((key) => key.split('/') as [string, string]);
    const found = await db.$client.query<CallerRow & { key: string }>({
      name: 'guard_callers',
      // `second_factor_missing`: the account has two-factor on but this sign-in did not pass it
      // (a sign-in without a recorded session row counts as not passed).
      text: `SELECT c.user_id::text || '/' || c.session_id::text AS key, u.status, u.role,
                      u.is_kyc_verified AS kyc,
                      EXISTS (SELECT 1 FROM refresh_tokens t
                               WHERE t.family_id = c.session_id AND t.user_id = c.user_id
                                 AND t.revoked_at IS NULL) AS live,
                      (u.totp_enabled_at IS NOT NULL AND NOT COALESCE(
                        (SELECT s.two_factor_passed FROM user_sessions s
                          WHERE s.id = c.session_id AND s.user_id = c.user_id), false)) AS second_factor_missing,
                      u.totp_enabled_at IS NULL AS two_factor_off
                 FROM unnest($1::uuid[], $2::uuid[]) AS c(user_id, session_id)
                 JOIN users u ON u.id = c.user_id`,
      values: [pairs.map(([userId]) => userId), pairs.map(([, sessionId]) => sessionId)],
    });
    return new Map(found.rows.map(({ key, ...row }) => [key, row]));
  });

  async function caller(
    token: string,
  ): Promise<(Session & { kyc: boolean; secondFactorMissing: boolean; twoFactorOff: boolean }) | null> {
    const claimed = await tokens.verifyAccessToken(token);
    if (!claimed) return null;
    // Both are lower-case uuids (verifyAccessToken checks their shape; PostgreSQL prints them so).
    const user = await readCallers(`${claimed.userId.toLowerCase()}/${claimed.sessionId.toLowerCase()}`);
    if (user?.status !== 'ACTIVE' || !user.live) return null;
    return {
      userId: claimed.userId,
      role: user.role,
      sessionId: claimed.sessionId,
      kyc: user.kyc,
      secondFactorMissing: user.second_factor_missing,
      twoFactorOff: user.two_factor_off,
    };
  }

  /** The session an access token stands for (see `caller`), or null. */
  async function liveSession(token: string): Promise<Session | null> {
    const found = await caller(token);
    return found && { userId: found.userId, role: found.role, sessionId: found.sessionId };
  }

  async function authenticate(
    request: FastifyRequest,
  ): Promise<Session & { kyc: boolean; secondFactorMissing: boolean; twoFactorOff: boolean }> {
    const token = bearer(request);
    const found = token ? await caller(token) : null;
    if (!found) throw new AppError('unauthorized', 'Unauthorized');
    request.session = { userId: found.userId, role: found.role, sessionId: found.sessionId };
    return found;
  }

  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    await authenticate(request);
  }

  async function requireKyc(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const found = await authenticate(request);
    if (!found.kyc) throw new AppError('kyc_required', 'Please Complete Your Kyc');
  }

  async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const found = await authenticate(request);
    if (found.role !== 'ADMIN') throw new AppError('forbidden', 'Forbidden');
    // An admin with two-factor on uses the back-office only from a sign-in that passed it.
    if (found.secondFactorMissing) throw new AppError('totp_session_required', messages.totpSessionRequired);
    if (rules.adminTwoFactorRequired && found.twoFactorOff)
      throw new AppError('totp_not_enrolled', messages.adminTwoFactorRequired);
  }

  return { liveSession, requireUser, requireKyc, requireAdmin };
}

export type Guards = ReturnType<typeof createGuards>;

/** The session of a request that passed a guard. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('sessionOf called on a route without a guard');
  return request.session;
}
