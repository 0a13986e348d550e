import { SESSION_REJECTIONS } from '@exchange/contracts';
import { type SessionsTarget, sessionsToEnd } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { Session } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import * as repo from './sessions.repository';

/**
 * 'Sign out this session' and 'Sign out all other sessions': the domain picks the sessions among the
 * caller's live ones (sessionsToEnd: another user's session is not found); their refresh-token families
 * are revoked, so their next request is refused by the guard, and their sockets close once this
 * commits. "All other" also revokes any family without a session row (signed in before sessions were
 * recorded). Answers how many sessions ended.
 */
export async function signOutSessions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  caller: Session,
  target: SessionsTarget,
): Promise<number> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // The user row lock orders this against a refresh of the same user (as logout does).
    await repo.lockUser(tx, caller.userId);
    const own = await repo.liveSessionsOf(tx, caller.userId, now);
    const decision = sessionsToEnd(own, caller.sessionId, target);
    if (!decision.ok) {
      const rejection = SESSION_REJECTIONS[decision.code];
      throw new AppError(rejection.code, rejection.message);
    }
    if (target.kind === 'others') {
      await repo.revokeOtherSessions(tx, caller.userId, caller.sessionId, now);
      await notifySessionsRevoked(tx, { userId: caller.userId, exceptSessionId: caller.sessionId });
    } else {
      await repo.revokeSessions(tx, caller.userId, decision.value, now);
      await notifySessionsRevoked(tx, { userId: caller.userId, sessionId: target.id });
    }
    return decision.value.length;
  });
}
