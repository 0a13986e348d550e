import { messages as m } from '@exchange/contracts';
import { decideRefresh, type RefreshRefusal } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { hashToken } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import type { UserRow } from '../accounts/accounts.repository';
import * as accounts from '../accounts/accounts.repository';
import * as repo from './auth.repository';
import { touchSession } from './auth.repository';
import { issueRefreshToken, type SessionTokens } from './session-tokens';

type Rotation =
  | { ok: true; user: UserRow; refreshToken: string; familyId: string }
  | { ok: false; reason: RefreshRefusal | 'account_inactive'; userId?: string; familyId?: string };

/**
 * Trades a refresh token for a new access token and a new refresh token of the same family; the
 * presented one is retired. A retired token presented again is theft unless it comes within the
 * domain's grace window of its rotation (see REFRESH_REUSE_GRACE_MS: two tabs refreshing at once);
 * theft revokes the whole family. Every refusal is the same 401 to the client.
 */
export async function refreshSession(ctx: AppContext, presented: string | undefined): Promise<SessionTokens> {
  if (!presented) throw sessionExpired();
  const tokenHash = hashToken(presented);
  const now = ctx.clock.now();
  const rotation = await ctx.db.transaction(async (tx): Promise<Rotation> => {
    const found = await repo.findRefreshTokenByHash(tx, tokenHash);
    if (!found) return { ok: false, reason: 'unknown' };
    // The user row lock orders this against logout and password changes of the same user.
    const user = await accounts.lockUserById(tx, found.userId);
    const token = await repo.findRefreshTokenByHash(tx, tokenHash);
    const decision = decideRefresh(token, now);
    if (!decision.ok || !token || !user) {
      const reason = decision.ok ? 'unknown' : decision.reason;
      if (!decision.ok && decision.revokeFamily) {
        await repo.revokeFamily(tx, found.familyId, now);
        await notifySessionsRevoked(tx, { userId: found.userId, sessionId: found.familyId });
      }
      return { ok: false, reason, userId: found.userId, familyId: found.familyId };
    }
    if (user.status !== 'ACTIVE') {
      await repo.revokeFamily(tx, token.familyId, now);
      return { ok: false, reason: 'account_inactive', userId: user.id };
    }
    await repo.markRefreshTokenRotated(tx, token.id, now);
    // The Security page's 'last used': moved on each refresh, not on every request.
    await touchSession(tx, token.familyId, now);
    const refreshToken = await issueRefreshToken(tx, ctx, user.id, token.familyId, now);
    return { ok: true, user, refreshToken, familyId: token.familyId };
  });
  if (!rotation.ok) {
    if (rotation.reason === 'reused') {
      ctx.logger.warn(
        { userId: rotation.userId, familyId: rotation.familyId },
        'retired refresh token presented again: sign-in revoked',
      );
    }
    throw sessionExpired();
  }
  const accessToken = await ctx.tokens.signAccessToken({
    userId: rotation.user.id,
    role: rotation.user.role,
    sessionId: rotation.familyId,
  });
  return { accessToken, refreshToken: rotation.refreshToken };
}

function sessionExpired(): AppError {
  return new AppError('token_invalid', m.sessionExpired);
}
