import { z } from 'zod';

/**
 * The USD payment provider: its environment variables (spread into config.ts's env schema, so they
 * are documented and parsed with the rest), their typed settings and what production requires of them.
 */

/** The only PayPal API host that moves real money; production with PayPal must use it. */
export const PAYPAL_LIVE_URL = 'https://api-m.paypal.com';

export const paymentEnv = {
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paypal']).default('sandbox'),
  PAYPAL_BASE_URL: z.string().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
};

type PaymentEnv = z.output<z.ZodObject<typeof paymentEnv>>;

export interface PaymentConfig {
  readonly paymentProvider: PaymentEnv['PAYMENT_PROVIDER'];
  readonly paypal: { baseUrl: string; clientId?: string; clientSecret?: string; webhookId?: string };
}

export function paymentConfig(env: PaymentEnv): PaymentConfig {
  return {
    paymentProvider: env.PAYMENT_PROVIDER,
    paypal: {
      baseUrl: env.PAYPAL_BASE_URL,
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
    },
  };
}

/** Production takes real money: never the sandbox, and PayPal fully set up against its live API. */
export function paymentProductionProblems(config: PaymentConfig): string[] {
  const problems: string[] = [];
  if (config.paymentProvider === 'sandbox')
    problems.push('PAYMENT_PROVIDER: the sandbox provider credits money for nothing; use paypal');
  if (config.paymentProvider === 'paypal') {
    const { paypal } = config;
    if (!paypal.clientId) problems.push('PAYPAL_CLIENT_ID: is required with PAYMENT_PROVIDER=paypal');
    if (!paypal.clientSecret) problems.push('PAYPAL_CLIENT_SECRET: is required with PAYMENT_PROVIDER=paypal');
    if (!paypal.webhookId)
      problems.push('PAYPAL_WEBHOOK_ID: is required to verify PayPal webhooks with PAYMENT_PROVIDER=paypal');
    if (paypal.baseUrl.replace(/\/+$/, '') !== PAYPAL_LIVE_URL)
      problems.push(`PAYPAL_BASE_URL: must be the live API (${PAYPAL_LIVE_URL})`);
  }
  return problems;
}
