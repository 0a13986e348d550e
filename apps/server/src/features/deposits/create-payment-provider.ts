import type { AppContext } from '../../platform/app-context';
import type { PaymentProvider } from './payment-provider';
import { createPaypalProvider } from './paypal-provider';
import { createSandboxProvider } from './sandbox-provider';

/**
 * The provider PAYMENT_PROVIDER selects. The composition root (app.ts) makes one per app and passes it
 * to the deposit routes, so PayPal's access token is cached once. Tests point PAYPAL_BASE_URL at a
 * fake PayPal server instead of swapping the implementation.
 */
export function createPaymentProvider(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>): PaymentProvider {
  return ctx.config.paymentProvider === 'paypal'
    ? createPaypalProvider({ ...ctx.config.paypal, now: () => ctx.clock.now().getTime() })
    : createSandboxProvider(ctx.db);
}
