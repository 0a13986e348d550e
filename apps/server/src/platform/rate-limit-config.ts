import { z } from 'zod';
import { type AbuseLimitConfig, abuseLimitConfig, abuseLimitEnv } from './abuse-limit-config';
import { type BinanceApiLimits, binanceApiLimitEnv, binanceApiLimits } from './binance-api-limit-config';
import { type P2pLimits, p2pLimitEnv, p2pLimits } from './p2p-limit-config';

/**
 * The rate-limit budgets' part of the configuration: its environment variables (spread into
 * config.ts's env schema, so they are documented and parsed with the rest) and their typed settings.
 */
export const rateLimitEnv = {
  AUTH_LIMIT_IP_PER_MINUTE: z.coerce.number().int().positive().default(30),
  AUTH_LIMIT_ACCOUNT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  AUTH_MAIL_LIMIT_IP_PER_MINUTE: z.coerce.number().int().positive().default(10),
  AUTH_MAIL_LIMIT_ACCOUNT_PER_MINUTE: z.coerce.number().int().positive().default(3),
  QUOTE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  SWAP_QUOTE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  WEBHOOK_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  SUPPORT_TICKET_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
  DEPOSIT_ORDER_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(30),
  ...p2pLimitEnv,
  ...abuseLimitEnv,
  ...binanceApiLimitEnv,
};

type RateLimitEnv = { [K in keyof typeof rateLimitEnv]: z.output<(typeof rateLimitEnv)[K]> };

export interface RateLimitConfig extends AbuseLimitConfig {
  /**
   * Requests per minute on the sign-in routes, per client address and per e-mail address. Routes that
   * send mail (sign-up, forgotten password, code resend) have their own, lower budget. The password
   * change counts its tries against the sign-in budgets too.
   */
  readonly authRateLimits: {
    readonly ipPerMinute: number;
    readonly accountPerMinute: number;
    readonly mailIpPerMinute: number;
    readonly mailAccountPerMinute: number;
  };
  /** P2P transfers and recipient look-ups per sender (platform/p2p-limit-config.ts). */
  readonly p2pLimits: P2pLimits;
  /** The Binance-compatible API's request weights (platform/binance-api-limit-config.ts). */
  readonly binanceApiLimits: BinanceApiLimits;
  /** Instant quotes (POST /wallet/quotes) one user may ask for per minute. */
  readonly quoteLimitPerMinute: number;
  /** Swap and MULTI quotes (POST /swap/quote) one user may ask for per minute. */
  readonly swapQuoteLimitPerMinute: number;
  /** Payment webhook deliveries accepted per minute from one client network. */
  readonly webhookLimitPerMinute: number;
  /** Support tickets one user may open per hour. */
  readonly supportTicketLimitPerHour: number;
  /** Deposit orders one user may open per hour (each one is a PayPal request). */
  readonly depositOrderLimitPerHour: number;
}

export function rateLimitConfig(env: RateLimitEnv): RateLimitConfig {
  return {
    authRateLimits: {
      ipPerMinute: env.AUTH_LIMIT_IP_PER_MINUTE,
      accountPerMinute: env.AUTH_LIMIT_ACCOUNT_PER_MINUTE,
      mailIpPerMinute: env.AUTH_MAIL_LIMIT_IP_PER_MINUTE,
      mailAccountPerMinute: env.AUTH_MAIL_LIMIT_ACCOUNT_PER_MINUTE,
    },
    p2pLimits: p2pLimits(env),
    binanceApiLimits: binanceApiLimits(env),
    quoteLimitPerMinute: env.QUOTE_LIMIT_PER_MINUTE,
    swapQuoteLimitPerMinute: env.SWAP_QUOTE_LIMIT_PER_MINUTE,
    webhookLimitPerMinute: env.WEBHOOK_LIMIT_PER_MINUTE,
    supportTicketLimitPerHour: env.SUPPORT_TICKET_LIMIT_PER_HOUR,
    depositOrderLimitPerHour: env.DEPOSIT_ORDER_LIMIT_PER_HOUR,
    ...abuseLimitConfig(env),
  };
}
