import { decideCapture } from '@exchange/domain';
import type { Logger } from 'pino';
import { z } from 'zod';
import { webhookEvents } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { creditDeposit, findOrder, moveOrder, recordDeclined, recordPending } from './deposits.repository';
import type { PaymentProvider } from './payment-provider';

const captureEventSchema = z.object({
  id: z.string().min(1).max(200),
  event_type: z.string(),
  resource: z
    .object({
      id: z.string().optional(),
      status: z.string().optional(),
      amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
      supplementary_data: z
        .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
        .optional(),
    })
    .loose()
    .optional(),
});

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * A PayPal webhook delivery. Believed only after PayPal's verify-webhook-signature says SUCCESS (else
 * 400, nothing written). Deduplicated by event id in the same transaction as its effect, so a
 * redelivery is a no-op and a failure lets PayPal deliver it again. Capture events go through the same
 * decision and the same once-only credit as the capture endpoint.
 */
export async function handlePaypalWebhook(
  deps: { db: Db; logger: Logger },
  provider: PaymentProvider,
  delivery: { headers: Readonly<Record<string, string | string[] | undefined>>; rawBody: string },
): Promise<WebhookOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(delivery.rawBody);
  } catch {
    throw new AppError('bad_request', 'Webhook body is not JSON');
  }
  const event = captureEventSchema.safeParse(json);
  if (!event.success) throw new AppError('bad_request', 'Webhook body is not an event');
  if (!(await provider.verifyWebhook(delivery))) {
    deps.logger.warn({ eventId: event.data.id }, 'webhook failed verification: ignored');
    throw new AppError('webhook_unverified', 'Webhook verification failed');
  }
  const { id: eventId, event_type: type, resource } = event.data;
  const orderId = resource?.supplementary_data?.related_ids?.order_id;

  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: 'paypal', eventId })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh) return 'duplicate';
    if (!orderId || !resource?.id || !type.startsWith('PAYMENT.CAPTURE.')) return 'ignored';
    const order = await findOrder(tx, 'paypal', orderId);
    if (!order) return 'ignored';
    const record = {
      providerOrderId: order.providerOrderId,
      currency: 'USD' as const,
      amount: BigInt(order.amount),
    };
    if (type === 'PAYMENT.CAPTURE.COMPLETED') {
      const decision = decideCapture(record, {
        status: 'COMPLETED',
        orderId,
        captureId: resource.id,
        currency: resource.amount?.currency_code ?? '',
        amount: resource.amount?.value ?? '',
      });
      if (decision.action === 'credit') {
        await creditDeposit(tx, order, decision.captureId);
      } else {
        await moveOrder(tx, order.id, 'FAILED', resource.id);
        deps.logger.error(
          { orderId: order.id, eventId, decision },
          'webhook capture does not match our order: not credited',
        );
      }
    } else if (type === 'PAYMENT.CAPTURE.PENDING') {
      await recordPending(tx, order, resource.id);
    } else if (type === 'PAYMENT.CAPTURE.DENIED' || type === 'PAYMENT.CAPTURE.DECLINED') {
      await recordDeclined(tx, order);
    } else {
      return 'ignored';
    }
    return 'processed';
  });
}
