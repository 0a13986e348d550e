import { parseDecimal } from '@exchange/domain';
import { z } from 'zod';

/**
 * Withdrawal settings (issue 38): their environment variables are spread into config.ts's env schema,
 * so they are documented and parsed with the rest. Amounts are decimal USD text, read into cents.
 */
const usd = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'a USD amount such as 10 or 10.50')
    .default(fallback);

export const withdrawalEnv = {
  WITHDRAWAL_COOL_DOWN_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  WITHDRAWAL_AUTO_APPROVE_BELOW_USD: usd('200'),
  WITHDRAWAL_DAILY_LIMIT_USD: usd('10000'),
  WITHDRAWAL_USD_MINIMUM: usd('10'),
  WITHDRAWAL_USD_FEE: usd('1'),
};

type WithdrawalEnv = { [K in keyof typeof withdrawalEnv]: z.output<(typeof withdrawalEnv)[K]> };

/** The withdrawal settings, as `config.withdrawals`. */
export interface WithdrawalSettings {
  /** After a password change or reset, or two-factor turned on, withdrawals wait this long. */
  readonly coolDownMs: number;
  /** Below this USD value (cents), with no risk flag, a confirmed withdrawal is approved at once. */
  readonly autoApproveBelowCents: bigint;
  /** The most USD value (cents) one customer may withdraw in 24 hours; 0 = no limit. */
  readonly dailyLimitCents: bigint;
  /** USD to PayPal: the smallest amount and the flat fee, in cents. */
  readonly usdMinimumCents: bigint;
  readonly usdFeeCents: bigint;
}

function cents(text: string): bigint {
  // The schema's pattern admits only amounts that parse at two decimals.
  return parseDecimal(text, 2) ?? 0n;
}

export function withdrawalConfig(env: WithdrawalEnv): { withdrawals: WithdrawalSettings } {
  return {
    withdrawals: {
      coolDownMs: env.WITHDRAWAL_COOL_DOWN_HOURS * 3_600_000,
      autoApproveBelowCents: cents(env.WITHDRAWAL_AUTO_APPROVE_BELOW_USD),
      dailyLimitCents: cents(env.WITHDRAWAL_DAILY_LIMIT_USD),
      usdMinimumCents: cents(env.WITHDRAWAL_USD_MINIMUM),
      usdFeeCents: cents(env.WITHDRAWAL_USD_FEE),
    },
  };
}
