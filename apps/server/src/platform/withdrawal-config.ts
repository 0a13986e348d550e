import { type AssetCode, getAsset, parseDecimal } from '@exchange/domain';
import { z } from 'zod';
import {
  evmCoinWithdrawalEnv,
  evmCoinWithdrawalSettingDocs,
  evmCoinWithdrawals,
} from './evm-coin-withdrawal-config';

/**
 * Withdrawal settings (issue 38): their environment variables are spread into config.ts's env schema,
 * so they are documented and parsed with the rest. Amounts are decimal USD text, read into cents.
 */
const usd = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'a USD amount such as 10 or 10.50')
    .default(fallback);

/** A coin amount as decimal text (up to 18 places), read into the asset's minor units. */
const coin = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,18}(\.\d{1,18})?$/, 'a coin amount such as 0.01')
    .default(fallback);

export const withdrawalEnv = {
  WITHDRAWAL_COOL_DOWN_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  WITHDRAWAL_AUTO_APPROVE_BELOW_USD: usd('200'),
  WITHDRAWAL_DAILY_LIMIT_USD: usd('10000'),
  WITHDRAWAL_SECOND_APPROVAL_ABOVE_USD: usd('1000'),
  WITHDRAWAL_USD_MINIMUM: usd('10'),
  WITHDRAWAL_USD_FEE: usd('1'),
  WITHDRAWAL_USD_PAYOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // Coins on a chain: the fee covers the network fee the hot wallet pays (in the chain's native coin).
  WITHDRAWAL_ETH_MINIMUM: coin('0.01'),
  WITHDRAWAL_ETH_FEE: coin('0.002'),
  WITHDRAWAL_USDT_MINIMUM: coin('10'),
  WITHDRAWAL_USDT_FEE: coin('2'),
  ...evmCoinWithdrawalEnv,
  // Litecoin (issue 47): the fee covers the withdrawal's share of its batch's network fee.
  WITHDRAWAL_LTC_MINIMUM: coin('0.001'),
  WITHDRAWAL_LTC_FEE: coin('0.0005'),
  UTXO_FEE_BUMP_AFTER_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
};

/** What each coin setting does, for docs/operations.md (config-reference.ts spreads these in). */
export const coinWithdrawalSettingDocs = {
  WITHDRAWAL_ETH_MINIMUM: 'The smallest ETH withdrawal on a chain.',
  WITHDRAWAL_ETH_FEE:
    'The flat fee of an ETH withdrawal, taken from the amount; it covers the network fee the hot wallet pays (the rest is house revenue).',
  WITHDRAWAL_USDT_MINIMUM: 'The smallest USDT withdrawal on a chain.',
  WITHDRAWAL_USDT_FEE:
    'The flat fee of a USDT withdrawal, taken from the amount; it covers the network fee the hot wallet pays in the native coin.',
  ...evmCoinWithdrawalSettingDocs,
  WITHDRAWAL_LTC_MINIMUM: 'The smallest LTC withdrawal (on a Bitcoin-family chain of BITCOIN_CHAINS).',
  WITHDRAWAL_LTC_FEE:
    "The flat fee of an LTC withdrawal, taken from the amount; it covers the withdrawal's share of its batch transaction's network fee (the rest is house revenue).",
  UTXO_FEE_BUMP_AFTER_MINUTES:
    'A Litecoin withdrawal batch still in no block this long after its broadcast is replaced with a higher fee (replace-by-fee, from its change); 0 = only when an admin asks. The node needs `-mempoolreplacement=1`.',
} as const;

type WithdrawalEnv = { [K in keyof typeof withdrawalEnv]: z.output<(typeof withdrawalEnv)[K]> };

/** The withdrawal settings, as `config.withdrawals`. */
export interface WithdrawalSettings {
  /** After a password change or reset, or two-factor turned on, withdrawals wait this long. */
  readonly coolDownMs: number;
  /** Below this USD value (cents), with no risk flag, a confirmed withdrawal is approved at once. */
  readonly autoApproveBelowCents: bigint;
  /** Four eyes: above this USD value (cents) a withdrawal needs two different admins' approvals; 0 = every one. */
  readonly secondApprovalAboveCents: bigint;
  /** The most USD value (cents) one customer may withdraw in 24 hours; 0 = no limit. */
  readonly dailyLimitCents: bigint;
  /** USD to PayPal: the smallest amount and the flat fee, in cents. */
  readonly usdMinimumCents: bigint;
  readonly usdFeeCents: bigint;
  /** How often the leader's USD payout job runs (claims, sends to PayPal, asks PayPal for outcomes). */
  readonly usdPayoutEveryMs: number;
  /** Coins on a chain, per asset: the smallest amount and the flat fee, in the asset's minor units. */
  readonly coins: Readonly<Record<string, { readonly minimum: bigint; readonly fee: bigint }>>;
  /** A Bitcoin-family batch out of a block this long after its broadcast gets a higher fee; 0 = never by itself. */
  readonly utxoFeeBumpAfterMs: number;
}

/** A coin amount in the asset's minor units; more places than the ledger keeps stop the start. */
function coinMinor(asset: AssetCode, text: string, name: string): bigint {
  const amount = parseDecimal(text, getAsset(asset).scale);
  if (amount === null) throw new Error(`${name}: ${text} has more decimals than ${asset} keeps`);
  return amount;
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
      secondApprovalAboveCents: cents(env.WITHDRAWAL_SECOND_APPROVAL_ABOVE_USD),
      dailyLimitCents: cents(env.WITHDRAWAL_DAILY_LIMIT_USD),
      usdMinimumCents: cents(env.WITHDRAWAL_USD_MINIMUM),
      usdFeeCents: cents(env.WITHDRAWAL_USD_FEE),
      usdPayoutEveryMs: env.WITHDRAWAL_USD_PAYOUT_MS,
      utxoFeeBumpAfterMs: env.UTXO_FEE_BUMP_AFTER_MINUTES * 60_000,
      coins: {
        ETH: {
          minimum: coinMinor('ETH', env.WITHDRAWAL_ETH_MINIMUM, 'WITHDRAWAL_ETH_MINIMUM'),
          fee: coinMinor('ETH', env.WITHDRAWAL_ETH_FEE, 'WITHDRAWAL_ETH_FEE'),
        },
        USDT: {
          minimum: coinMinor('USDT', env.WITHDRAWAL_USDT_MINIMUM, 'WITHDRAWAL_USDT_MINIMUM'),
          fee: coinMinor('USDT', env.WITHDRAWAL_USDT_FEE, 'WITHDRAWAL_USDT_FEE'),
        },
        ...evmCoinWithdrawals(env),
        LTC: {
          minimum: coinMinor('LTC', env.WITHDRAWAL_LTC_MINIMUM, 'WITHDRAWAL_LTC_MINIMUM'),
          fee: coinMinor('LTC', env.WITHDRAWAL_LTC_FEE, 'WITHDRAWAL_LTC_FEE'),
        },
      },
    },
  };
}
