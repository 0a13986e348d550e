import { KYC_EVENT, kycStatusSchema } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import type { PgListener } from '../../platform/pg-listener';
import type { WsHub } from '../../platform/ws-hub';
import { USER_CHANNEL } from '../ledger/balance-events';

/**
 * A KYC decision reaches the customer's open screens the way a balance change does: the decision's
 * transaction NOTIFYs 'kyc_event' with the user and the new status, so the event goes out only if the
 * decision commits, and every process tells its own sockets signed in as that user, on the private
 * 'user' channel (`{ type: 'kyc', status }`, contracts' kycEventSchema). Nothing else of the
 * submission travels: the client re-reads its user and its record over HTTP.
 */
export const KYC_EVENT_CHANNEL = 'kyc_event';

const payloadSchema = z.object({ user_id: z.string().min(1), status: kycStatusSchema });

/** Inside the decision's transaction: the notification is sent on commit, and dropped on rollback. */
export async function notifyKycDecision(tx: DbOrTx, userId: string, status: z.infer<typeof kycStatusSchema>) {
  const payload = JSON.stringify({ user_id: userId, status });
  await tx.execute(sql`SELECT pg_notify(${KYC_EVENT_CHANNEL}, ${payload})`);
}

/** Publishes each 'kyc_event' notification, from whichever process decided, to that user's sockets. */
export function registerKycEventBridge(hub: WsHub, listener: PgListener, logger: Logger): void {
  listener.on(KYC_EVENT_CHANNEL, (raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const event = payloadSchema.safeParse(parsed);
    if (!event.success) {
      logger.warn('ignoring a malformed kyc_event notification');
      return;
    }
    hub.publishToUser(USER_CHANNEL, event.data.user_id, { type: KYC_EVENT, status: event.data.status });
  });
}
