import { messages as m } from '@exchange/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { refreshTokens, userSessions } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import { lockUserById, revokeUserTokens } from '../accounts/accounts.repository';
import { recordAdminAction } from '../audit/record-admin-action';

/** The customer's sessions not yet ended, as the Sessions tab lists them. */
function openSessionsOf(tx: Tx, userId: string) {
  return tx
    .select({ id: userSessions.id, device: userSessions.device })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
}

/** Ends the named sessions: their rows, and every refresh token of their families. */
async function revokeSessionRows(tx: Tx, userId: string, ids: readonly string[], at: Date) {
  if (ids.length === 0) return;
  await tx
    .update(userSessions)
    .set({ revokedAt: at })
    .where(and(eq(userSessions.userId, userId), inArray(userSessions.id, [...ids])));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        inArray(refreshTokens.familyId, [...ids]),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/**
 * An admin ends one of a customer's sessions (`sessionId`) or all of them (issue 46 point 2): the
 * session rows and their refresh-token families are revoked, so the device's next request is refused
 * by the guard, and its sockets close once this commits. "All" also revokes any sign-in without a
 * session row (made before sessions were recorded), as disabling an account does. One line of the
 * audit log names the admin, the customer and what ended, in the same transaction. A session that is
 * not the customer's, or already ended, is not found. Answers how many sessions ended.
 */
export async function endUserSessions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  adminId: string,
  userId: string,
  sessionId: string | undefined,
): Promise<number> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // The user row lock orders this against a refresh or a sign-in of the same customer.
    await lockUserById(tx, userId);
    const open = await openSessionsOf(tx, userId);
    const ending = sessionId ? open.filter((s) => s.id === sessionId) : open;
    if (sessionId && ending.length === 0) throw new AppError('not_found', m.adminSessionNotFound);
    await revokeSessionRows(
      tx,
      userId,
      ending.map((s) => s.id),
      now,
    );
    if (sessionId) await notifySessionsRevoked(tx, { userId, sessionId });
    else {
      await revokeUserTokens(tx, userId, now);
      await notifySessionsRevoked(tx, { userId });
    }
    await recordAdminAction(tx, {
      adminId,
      action: sessionId ? 'SESSION_ENDED' : 'SESSIONS_ENDED',
      targetUserId: userId,
      details: sessionId ? { sessionId, device: ending[0]?.device ?? null } : { sessions: ending.length },
    });
    return ending.length;
  });
}
