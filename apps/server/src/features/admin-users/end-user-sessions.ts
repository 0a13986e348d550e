import { messages as m } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import { liveSessionsOf, revokeSessions } from '../account-security/account-security.repository';
import { lockUserById } from '../accounts/accounts.repository';
import { recordAdminAction } from '../audit/record-admin-action';
import { revokeAllSignIns } from '../auth/revoke-sign-ins';

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
    const live = await liveSessionsOf(tx, userId, now);
    const ending = sessionId ? live.filter((s) => s.id === sessionId) : live;
    if (sessionId && ending.length === 0) throw new AppError('not_found', m.adminSessionNotFound);
    await revokeSessions(
      tx,
      userId,
      ending.map((s) => s.id),
      now,
    );
    if (sessionId) await notifySessionsRevoked(tx, { userId, sessionId });
    else await revokeAllSignIns(tx, userId, now);
    await recordAdminAction(tx, {
      adminId,
      action: sessionId ? 'SESSION_ENDED' : 'SESSIONS_ENDED',
      targetUserId: userId,
      details: sessionId ? { sessionId, device: ending[0]?.device ?? null } : { sessions: ending.length },
    });
    return ending.length;
  });
}
