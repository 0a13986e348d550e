import type { CaptureReport } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { createPaypalProvider } from './paypal-provider';
import { createSandboxProvider } from './sandbox-provider';

export type ProviderName = 'sandbox' | 'paypal';

/**
 * A payment provider as the deposit use cases see it. Implementations talk to the provider; every
 * decision about crediting is taken by the domain (`decideCapture`) against our own order record.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Opens an order for `amountCents` USD; `localOrderId` makes a retried call create it once. */
  createOrder(input: { localOrderId: string; amountCents: bigint }): Promise<{ providerOrderId: string }>;
  /** Captures an approved order (a repeated capture reports the first one's result). */
  captureOrder(providerOrderId: string): Promise<CaptureReport>;
  /** True only when the provider itself confirms that this webhook delivery is authentic. */
  verifyWebhook(input: {
    headers: Readonly<Record<string, string | string[] | undefined>>;
    rawBody: string;
  }): Promise<boolean>;
}

const providers = new WeakMap<object, PaymentProvider>();

/**
 * The provider PAYMENT_PROVIDER selects, one per app (so PayPal's access token is cached once). Tests
 * point PAYPAL_BASE_URL at a fake PayPal server instead of swapping the implementation.
 */
export function paymentProviderFor(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>): PaymentProvider {
  let provider = providers.get(ctx.config);
  if (!provider) {
    provider =
      ctx.config.paymentProvider === 'paypal'
        ? createPaypalProvider({ ...ctx.config.paypal, now: () => ctx.clock.now().getTime() })
        : createSandboxProvider(ctx.db);
    providers.set(ctx.config, provider);
  }
  return provider;
}
