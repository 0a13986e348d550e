import { type CaptureReport, formatMinor } from '@exchange/domain';
import { z } from 'zod';
import { createPaypalClient, type PaypalOptions, unavailable } from '../../platform/paypal/paypal-client';
import type { PaymentProvider } from './payment-provider';

export type { PaypalOptions } from '../../platform/paypal/paypal-client';

const createdOrderSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
});
const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(captureSchema).optional() }).optional() }))
    .optional(),
});
const errorSchema = z.object({ details: z.array(z.object({ issue: z.string() })).optional() });
const verificationSchema = z.object({ verification_status: z.string() });

/** What a PayPal order (as returned by capture or GET) says about its first capture. */
function reportFromOrder(order: z.infer<typeof orderSchema>): CaptureReport {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) return { status: 'NOT_APPROVED', orderId: order.id };
  if (capture.status === 'COMPLETED') {
    return {
      status: 'COMPLETED',
      orderId: order.id,
      captureId: capture.id,
      currency: capture.amount?.currency_code ?? '',
      amount: capture.amount?.value ?? '',
    };
  }
  if (capture.status === 'PENDING') return { status: 'PENDING', orderId: order.id, captureId: capture.id };
  // DECLINED, FAILED, and anything refunded or reversed: never money we may credit.
  return { status: 'DECLINED', orderId: order.id };
}

/**
 * PayPal Orders v2 over HTTPS: an OAuth client-credentials token (cached until a minute before it
 * expires), order creation with intent CAPTURE, capture, and webhook verification through PayPal's
 * verify-webhook-signature call. PayPal-Request-Id headers make retried creates and captures return
 * the first result instead of acting twice.
 */
export function createPaypalProvider(options: PaypalOptions): PaymentProvider {
  const { call } = createPaypalClient(options);

  async function getOrder(orderId: string): Promise<CaptureReport> {
    const { status, json } = await call(
      'GET',
      `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
      undefined,
    );
    const order = orderSchema.safeParse(json);
    if (status !== 200 || !order.success) throw unavailable();
    return reportFromOrder(order.data);
  }

  return {
    name: 'paypal',

    async createOrder({ localOrderId, amountCents }) {
      const body = JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: localOrderId,
            custom_id: localOrderId,
            amount: { currency_code: 'USD', value: formatMinor(amountCents, 2) },
          },
        ],
      });
      const { status, json } = await call('POST', '/v2/checkout/orders', body, {
        'paypal-request-id': `order-${localOrderId}`,
      });
      const created = createdOrderSchema.safeParse(json);
      if ((status !== 200 && status !== 201) || !created.success) throw unavailable();
      return { providerOrderId: created.data.id };
    },

    async captureOrder(orderId) {
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
      const { status, json } = await call('POST', path, '{}', { 'paypal-request-id': `capture-${orderId}` });
      if (status === 200 || status === 201) {
        const order = orderSchema.safeParse(json);
        if (!order.success) throw unavailable();
        return reportFromOrder(order.data);
      }
      const issue = errorSchema.safeParse(json).data?.details?.[0]?.issue;
      if (status === 422 && issue === 'ORDER_ALREADY_CAPTURED') return getOrder(orderId);
      if (status === 422 && issue === 'INSTRUMENT_DECLINED') return { status: 'DECLINED', orderId };
      if (status === 422 && issue === 'ORDER_NOT_APPROVED') return { status: 'NOT_APPROVED', orderId };
      throw unavailable();
    },

    async verifyWebhook({ headers, rawBody }) {
      const header = (name: string) => {
        const value = headers[name];
        return typeof value === 'string' && value.length > 0 ? value : undefined;
      };
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: options.webhookId,
      };
      if (Object.values(fields).some((value) => value === undefined)) return false;
      // The event goes back byte for byte as it came: re-serialising it could change what was signed.
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
      const { status, json } = await call('POST', '/v1/notifications/verify-webhook-signature', body);
      return status === 200 && verificationSchema.safeParse(json).data?.verification_status === 'SUCCESS';
    },
  };
}
