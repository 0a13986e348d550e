import { SESSION_REJECTIONS } from '@exchange/contracts';
import { type SessionsTarget, sessionsToEnd } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { Session } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import { lockUserById } from '../accounts/accounts.repository';
import type { ApiKeyRevocation } from '../accounts/api-key-revocation';
import { sendSecurityChangeMail } from '../accounts/security-mail';
import * as repo from './account-security.repository';

/**
 * 'Sign out this session' and 'Sign out all other sessions': the domain picks the sessions among the
 * caller's live ones (sessionsToEnd: another user's session is not found); their refresh-token families
 * are revoked, so their next request is refused by the guard, and their sockets close once this
 * commits. "All other" also revokes any family without a session row (signed in before sessions were
 * recorded) and every API key of the account (a program is another session), mailing the owner when it
 * revoked any. Answers how many sessions ended.
 */
export async function signOutSessions(
  ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'>,
  caller: Session,
  target: SessionsTarget,
  apiKeys: ApiKeyRevocation,
): Promise<number> {
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction(async (tx) => {
    // The user row lock orders this against a refresh of the same user (as logout does).
    await lockUserById(tx, caller.userId);
    const own = await repo.liveSessionsOf(tx, caller.userId, now);
    const decision = sessionsToEnd(own, caller.sessionId, target);
    if (!decision.ok) {
      const rejection = SESSION_REJECTIONS[decision.code];
      throw new AppError(rejection.code, rejection.message);
    }
    if (target.kind === 'others') {
      await repo.revokeOtherSessions(tx, caller.userId, caller.sessionId, now);
      await notifySessionsRevoked(tx, { userId: caller.userId, exceptSessionId: caller.sessionId });
      return { sessions: decision.value.length, apiKeys: await apiKeys.revokeAll(tx, caller.userId, now) };
    }
    await repo.revokeSessions(tx, caller.userId, decision.value, now);
    await notifySessionsRevoked(tx, { userId: caller.userId, sessionId: target.id });
    return { sessions: decision.value.length, apiKeys: 0 };
  });
  if (ended.apiKeys > 0) {
    apiKeys.forget(caller.userId);
    await sendSecurityChangeMail(ctx, caller.userId, 'signed_out_others', { revokedApiKeys: ended.apiKeys });
  }
  return ended.sessions;
}
