import { z } from 'zod';

/**
 * The deposit hold period against chargeback fraud (deposit, move the value out, then reverse the
 * deposit at the bank): its environment variable is spread into config.ts's env schema, so it is
 * documented and parsed with the rest.
 */
export const depositHoldEnv = {
  DEPOSIT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(0),
};

type DepositHoldEnv = { [K in keyof typeof depositHoldEnv]: z.output<(typeof depositHoldEnv)[K]> };

export interface DepositHoldConfig {
  /**
   * Days after a deposit is credited during which its value may not leave the exchange (P2P sends now,
   * withdrawals later): the window in which the payment provider can still take it back. 0 (the
   * default) turns the hold off. See `checkOutflow` in the domain and docs/security.md.
   */
  readonly depositHoldDays: number;
}

export function depositHoldConfig(env: DepositHoldEnv): DepositHoldConfig {
  return { depositHoldDays: env.DEPOSIT_HOLD_DAYS };
}
