import { z } from 'zod';

/**
 * Sweeping deposit addresses into each chain's hot wallet, and what the solvency panel reads of the
 * chains (issue 37): environment variables spread into config.ts's env schema, so they are documented
 * and parsed with the rest. Amounts are decimal text in the coin, read at the token's decimals when used.
 */
const decimalText = z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, 'must be a decimal amount');
const coldWallet = z
  .string()
  .regex(
    /^[a-z0-9-]{1,32}:(0x[0-9a-fA-F]{40}|[a-z]{1,83}1[02-9ac-hj-np-z]{6,87})$/,
    'must be <chain key>:<0x address> or <chain key>:<lowercase bech32 address>',
  );

export const chainSweepEnv = {
  CHAIN_SWEEP_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  CHAIN_SWEEP_MIN_NATIVE: decimalText.default('0.01'),
  CHAIN_SWEEP_MIN_TOKEN: decimalText.default('10'),
  CHAIN_HOT_CAP_NATIVE: decimalText.default('50'),
  CHAIN_HOT_CAP_TOKEN: decimalText.default('100000'),
  CHAIN_COLD_WALLETS: z
    .string()
    .optional()
    .transform((text) => (text ? text.split(',').map((item) => item.trim()) : []))
    .pipe(z.array(coldWallet)),
  CHAIN_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
};

type ChainSweepEnv = { [K in keyof typeof chainSweepEnv]: z.output<(typeof chainSweepEnv)[K]> };

export interface ChainSweepSettings {
  /** How often the sweep job of each chain runs (on the scheduler's leader). */
  readonly everyMs: number;
  /** Below these a deposit address's balance is not swept (not worth its gas); decimal text. */
  readonly minNative: string;
  readonly minToken: string;
  /** Above these the hot wallet holds more than it should: the operator moves the excess to cold. */
  readonly hotCapNative: string;
  readonly hotCapToken: string;
  /** Watch-only cold wallets (a multisig's address) per chain key, counted in the on-chain holdings. */
  readonly coldWallets: ReadonlyMap<string, string>;
  /** How long the solvency panel waits for a chain node before calling its figures unavailable. */
  readonly readTimeoutMs: number;
}

/** The sweep settings, as `config.chainSweeps`. */
export interface ChainSweepConfig {
  readonly chainSweeps: ChainSweepSettings;
}

export function chainSweepConfig(env: ChainSweepEnv): ChainSweepConfig {
  return {
    chainSweeps: {
      everyMs: env.CHAIN_SWEEP_EVERY_MS,
      minNative: env.CHAIN_SWEEP_MIN_NATIVE,
      minToken: env.CHAIN_SWEEP_MIN_TOKEN,
      hotCapNative: env.CHAIN_HOT_CAP_NATIVE,
      hotCapToken: env.CHAIN_HOT_CAP_TOKEN,
      coldWallets: new Map(
        env.CHAIN_COLD_WALLETS.map((item) => {
          const at = item.indexOf(':');
          return [item.slice(0, at), item.slice(at + 1)] as const;
        }),
      ),
      readTimeoutMs: env.CHAIN_READ_TIMEOUT_MS,
    },
  };
}

/** What each setting does, for docs/operations.md (config-reference.ts spreads these in). */
export const chainSweepSettingDocs: Record<keyof typeof chainSweepEnv, string> = {
  CHAIN_SWEEP_EVERY_MS: 'How often each chain sweeps its deposit addresses into the hot wallet.',
  CHAIN_SWEEP_MIN_NATIVE:
    'Least native-coin balance (ETH, BNB) a deposit address is swept at; less waits for the next deposit (not worth its gas).',
  CHAIN_SWEEP_MIN_TOKEN: 'Least token balance (USDT) a deposit address is swept at.',
  CHAIN_HOT_CAP_NATIVE:
    'The most native coin the hot wallet should hold; above it the solvency panel says so and the operator moves the excess to cold (docs/custody.md). The embedded default raises it to twice the float its start puts in the hot wallet (200 ETH).',
  CHAIN_HOT_CAP_TOKEN:
    "The most of each token the hot wallet should hold. The embedded default raises it to twice its start's float (2,000,000 test USDT).",
  CHAIN_COLD_WALLETS:
    'Watch-only cold wallets, `<chain key>:<address>` separated by commas: a 0x address (a multisig such as a Safe) for an EVM chain, a lowercase bech32 address (ltc1…) for a Bitcoin-family chain. Their balances count among the on-chain holdings and the proof of reserves, so moving coins between hot and cold changes no figure. An address of the wrong kind for its chain is ignored.',
  CHAIN_READ_TIMEOUT_MS:
    'How long the solvency panel waits for a chain node; past it the on-chain figures show as unavailable.',
};
