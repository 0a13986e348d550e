import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbOrTx } from './db';
import type { PgListener } from './pg-listener';
import type { WsHub } from './ws-hub';

/**
 * Ending a sign-in must also close its live sockets, in every server process. The use case that
 * revokes (logout, password change or reset, disabling an account) NOTIFYs inside its transaction, so
 * the sockets close only once the revocation is committed; each process's listener closes its own.
 */
const CHANNEL = 'session_revoked';

export interface SessionRevocation {
  readonly userId: string;
  /** Only this sign-in ended (a logout). */
  readonly sessionId?: string;
  /** Every sign-in but this one ended (a password change keeps the device that made it). */
  readonly exceptSessionId?: string;
}

export async function notifySessionsRevoked(tx: DbOrTx, revocation: SessionRevocation): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(revocation)})`);
}

export function bridgeSessionRevocations(listener: PgListener, hub: WsHub, logger: Logger): void {
  listener.on(CHANNEL, (payload) => {
    let revocation: SessionRevocation;
    try {
      revocation = JSON.parse(payload) as SessionRevocation;
    } catch {
      logger.warn('ignoring a malformed session revocation notification');
      return;
    }
    if (typeof revocation.userId !== 'string') return;
    hub.disconnectUser(revocation.userId, {
      sessionId: revocation.sessionId,
      exceptSessionId: revocation.exceptSessionId,
    });
  });
}
