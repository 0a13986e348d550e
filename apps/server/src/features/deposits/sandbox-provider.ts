import { randomBytes } from 'node:crypto';
import { formatMinor } from '@exchange/domain';
import { and, eq } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { PaymentProvider } from './payment-provider';

/**
 * The built-in provider of embedded mode (production refuses it). It has no books of its own: the
 * buyer's decision, taken on the page's sandbox pay button (approve / decline), is kept in our
 * payment_orders row, and a capture reports that decision with the order's own amount. So the amount
 * check can never fail here; the PayPal adapter is where it bites.
 */
export function createSandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',
    async createOrder() {
      return { providerOrderId: `SBX-${randomBytes(10).toString('hex').toUpperCase()}` };
    },
    async captureOrder(providerOrderId) {
      const [order] = await db
        .select({ status: paymentOrders.status, amount: paymentOrders.amount, asset: paymentOrders.asset })
        .from(paymentOrders)
        .where(
          and(eq(paymentOrders.provider, 'sandbox'), eq(paymentOrders.providerOrderId, providerOrderId)),
        );
      if (!order || order.status === 'CREATED') return { status: 'NOT_APPROVED', orderId: providerOrderId };
      if (order.status === 'DECLINED' || order.status === 'FAILED')
        return { status: 'DECLINED', orderId: providerOrderId };
      return {
        status: 'COMPLETED',
        orderId: providerOrderId,
        captureId: `SBXCAP-${providerOrderId.slice(4)}`,
        currency: order.asset,
        amount: formatMinor(BigInt(order.amount), 2),
      };
    },
    async verifyWebhook() {
      // The sandbox sends no webhooks; nothing that arrives claiming to be one is believed.
      return false;
    },
  };
}
