import type { Logger } from 'pino';
import { z } from 'zod';
import type { PgListener } from '../../platform/pg-listener';
import type { WsHub } from '../../platform/ws-hub';

/**
 * Balance changes reach the signed-in sockets from one place: every journal entry NOTIFYs
 * 'balance_event' with the users whose accounts it touched, inside the entry's transaction. So a fill,
 * an instant trade, a deposit, a transfer, a swap, a stake or a reward all tell their users alike, only
 * once the money has really moved (a rolled-back entry, savepoint or transaction, notifies nobody),
 * and every process hears it and tells its own sockets.
 */
export const BALANCE_EVENT_CHANNEL = 'balance_event';

/** The private per-user channel: order updates and balance-changed events (contracts' userEventSchema). */
export const USER_CHANNEL = 'user';

/** Users per notification: 64 ids stay far below PostgreSQL's 8,000-byte payload limit. */
const USERS_PER_NOTIFICATION = 64;
const payloadSchema = z.array(z.string().min(1)).max(USERS_PER_NOTIFICATION);

/**
 * Defines the private 'user' channel and publishes a `{ type: 'balance' }` event to each user named by
 * a 'balance_event' notification, from whichever process posted the entry.
 */
export function registerBalanceEventBridge(hub: WsHub, listener: PgListener, logger: Logger): void {
  hub.defineChannel({ name: USER_CHANNEL, private: true });
  listener.on(BALANCE_EVENT_CHANNEL, (raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const users = payloadSchema.safeParse(parsed);
    if (!users.success) {
      logger.warn('ignoring a malformed balance_event notification');
      return;
    }
    for (const userId of users.data) hub.publishToUser(USER_CHANNEL, userId, { type: 'balance' });
  });
}
