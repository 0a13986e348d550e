/**
 * Rules for rotating refresh tokens. Every use of a refresh token retires it ("rotated") and issues a
 * successor in the same family; a family is one sign-in on one device.
 */

/**
 * How long after its rotation a retired token may be presented again without being taken for theft.
 * Two browser tabs that notice an expired access token at the same moment both send the same refresh
 * token; the first one wins the rotation, and the second one, arriving a few milliseconds later, must
 * not sign the user out of every tab. It is answered 401 and its tab retries with the new cookie.
 * Outside this window a retired token can only come from someone who copied it, so the whole family
 * is revoked and both the thief and the victim must sign in again.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** The stored state of a refresh token, found by its hash. */
export interface RefreshTokenState {
  readonly expiresAt: Date;
  readonly rotatedAt: Date | null;
  readonly revokedAt: Date | null;
}

/** Why a refresh was refused, for logs and tests; the client always sees the same 401. */
export type RefreshRefusal = 'unknown' | 'revoked' | 'reused' | 'raced' | 'expired';

export type RefreshDecision =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly code: 'token_invalid';
      readonly reason: RefreshRefusal;
      readonly revokeFamily: boolean;
    };

/**
 * Decides whether a presented refresh token may be rotated. Checked in this order:
 * 1. unknown token: refused;
 * 2. revoked token (logout, password change or an earlier theft alarm): refused;
 * 3. already rotated: refused, and within `REFRESH_REUSE_GRACE_MS` of its rotation that is all
 *    ('raced'); later it is reuse ('reused') and the caller must revoke the whole family;
 * 4. expired: refused;
 * otherwise the caller retires it and issues a successor.
 */
export function decideRefresh(token: RefreshTokenState | undefined, now: Date): RefreshDecision {
  if (!token) return refuse('unknown', false);
  if (token.revokedAt !== null) return refuse('revoked', false);
  if (token.rotatedAt !== null) {
    const sinceRotationMs = now.getTime() - token.rotatedAt.getTime();
    return sinceRotationMs < REFRESH_REUSE_GRACE_MS ? refuse('raced', false) : refuse('reused', true);
  }
  if (now.getTime() >= token.expiresAt.getTime()) return refuse('expired', false);
  return { ok: true };
}

function refuse(reason: RefreshRefusal, revokeFamily: boolean): RefreshDecision {
  return { ok: false, code: 'token_invalid', reason, revokeFamily };
}
