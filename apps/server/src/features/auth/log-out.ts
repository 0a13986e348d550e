import type { AppContext } from '../../platform/app-context';
import { hashToken } from '../../platform/auth';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import * as accounts from '../accounts/accounts.repository';
import * as repo from './auth.repository';

/**
 * Ends the sign-in the presented refresh token belongs to (its whole family). It needs no access
 * token, so a user whose access token has expired can still sign out, and it answers the same
 * whether or not the token was known.
 */
export async function logOut(ctx: AppContext, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const tokenHash = hashToken(presented);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const found = await repo.findRefreshTokenByHash(tx, tokenHash);
    if (!found) return;
    // Locked first, so a refresh of this family in flight finishes before the family is revoked.
    await accounts.lockUserById(tx, found.userId);
    await repo.revokeFamily(tx, found.familyId, now);
    await notifySessionsRevoked(tx, { userId: found.userId, sessionId: found.familyId });
  });
}
