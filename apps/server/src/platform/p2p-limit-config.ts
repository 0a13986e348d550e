import { z } from 'zod';

/**
 * The P2P budgets' part of the configuration. Their environment variables are spread into
 * rate-limit-config.ts, and from there into config.ts's env schema, so they are documented and parsed
 * with the rest.
 */
export const p2pLimitEnv = {
  P2P_TRANSFER_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  P2P_TRANSFER_LIMIT_PER_DAY: z.coerce.number().int().positive().default(100),
  P2P_LOOKUP_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
};

type P2pLimitEnv = { [K in keyof typeof p2pLimitEnv]: z.output<(typeof p2pLimitEnv)[K]> };

/**
 * Per sender, counted in the shared PostgreSQL counters (every process enforces the same budget):
 * transfer tries per minute, transfers made per day (each one mails its recipient a receipt), and
 * recipient look-ups per minute, which the look-up route and every transfer's recipient spend alike.
 */
export interface P2pLimits {
  readonly transfersPerMinute: number;
  readonly transfersPerDay: number;
  readonly lookupsPerMinute: number;
}

export function p2pLimits(env: P2pLimitEnv): P2pLimits {
  return {
    transfersPerMinute: env.P2P_TRANSFER_LIMIT_PER_MINUTE,
    transfersPerDay: env.P2P_TRANSFER_LIMIT_PER_DAY,
    lookupsPerMinute: env.P2P_LOOKUP_LIMIT_PER_MINUTE,
  };
}
