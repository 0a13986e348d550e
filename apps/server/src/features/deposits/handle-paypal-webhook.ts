import { decideCapture } from '@exchange/domain';
import type { Logger } from 'pino';
import { z } from 'zod';
import { webhookEvents } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { creditDeposit, recordDeclined, recordPending } from './deposit-outcomes';
import { findOrder, findOrderByCapture, moveOrder } from './deposits.repository';
import type { PaymentProvider } from './payment-provider';
import { alertAdmins, type ReversalAlert, reverseDeposit } from './reverse-deposit';

type CaptureResource = NonNullable<z.infer<typeof captureEventSchema>['resource']>;

/** The capture a refund belongs to: named in related ids, or the refund's "up" link (…/captures/ID). */
function captureIdOf(resource: CaptureResource): string | undefined {
  const related = resource.supplementary_data?.related_ids?.capture_id;
  if (related) return related;
  const up = resource.links?.find((link) => link.rel === 'up')?.href;
  return up ? /\/captures\/([^/?#]+)/.exec(up)?.[1] : undefined;
}

const captureEventSchema = z.object({
  id: z.string().min(1).max(200),
  event_type: z.string(),
  resource: z
    .object({
      id: z.string().optional(),
      status: z.string().optional(),
      amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
      supplementary_data: z
        .object({
          related_ids: z
            .object({ order_id: z.string().optional(), capture_id: z.string().optional() })
            .optional(),
        })
        .optional(),
      links: z.array(z.object({ rel: z.string(), href: z.string() }).loose()).optional(),
    })
    .loose()
    .optional(),
});

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * A PayPal webhook delivery. Believed only after PayPal's verify-webhook-signature says SUCCESS (else
 * 400, nothing written). Deduplicated by event id in the same transaction as its effect, so a
 * redelivery is a no-op and a failure lets PayPal deliver it again. Capture events go through the same
 * decision and the same once-only credit as the capture endpoint. PAYMENT.CAPTURE.REFUNDED and
 * REVERSED take the deposit back (`reverseDeposit`) and, once committed, alert the administrators.
 */
export async function handlePaypalWebhook(
  deps: { db: Db; logger: Logger; mailer: Mailer },
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

  let alert: ReversalAlert | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    // Only what the committed attempt decided is announced.
    alert = null;
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: 'paypal', eventId })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh) return 'duplicate';
    if (!resource?.id || !type.startsWith('PAYMENT.CAPTURE.')) return 'ignored';
    if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
      const captureId = captureIdOf(resource);
      const order = orderId
        ? await findOrder(tx, 'paypal', orderId)
        : captureId
          ? await findOrderByCapture(tx, 'paypal', captureId)
          : undefined;
      if (!order) {
        deps.logger.warn({ eventId, type }, 'refund webhook for no deposit of ours: ignored');
        return 'ignored';
      }
      alert = await reverseDeposit(tx, deps.logger, order, {
        kind: type === 'PAYMENT.CAPTURE.REFUNDED' ? 'REFUNDED' : 'REVERSED',
        eventId,
        refundId: resource.id,
        currency: resource.amount?.currency_code,
        value: resource.amount?.value,
      });
      return 'processed';
    }
    if (!orderId) return 'ignored';
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
  if (alert) await alertAdmins(deps, alert);
  return outcome;
}
