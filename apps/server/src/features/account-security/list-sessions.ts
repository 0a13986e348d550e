import type { SessionView } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import type { Session } from '../../platform/auth';
import { liveSessionsOf } from './account-security.repository';

/** The caller's live sessions, most recently used first, the one the request came from marked. */
export async function listSessions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  caller: Session,
): Promise<SessionView[]> {
  const rows = await liveSessionsOf(ctx.db, caller.userId, ctx.clock.now());
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    network: row.network,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === caller.sessionId,
  }));
}
