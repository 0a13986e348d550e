import type { CaptureReport } from '@exchange/domain';

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
