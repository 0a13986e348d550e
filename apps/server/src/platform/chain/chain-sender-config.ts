import { z } from 'zod';

/**
 * The chain sender's settings (issues 37, 38, 40): spread into chain-config.ts's env and config, so
 * they are documented and parsed with the rest of the chain settings.
 */
export const chainSenderEnv = {
  CHAIN_SENDER_REPLACE_AFTER_MS: z.coerce.number().int().min(1000).max(86_400_000).default(120_000),
  CHAIN_SENDER_FEE_BUMP_PERCENT: z.coerce.number().int().min(10).max(1000).default(25),
  CHAIN_SENDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(10),
};

type ChainSenderEnv = { [K in keyof typeof chainSenderEnv]: z.output<(typeof chainSenderEnv)[K]> };

export interface ChainSenderSettings {
  /** A broadcast transaction not mined after this long is replaced (same nonce, higher fee). */
  readonly replaceAfterMs: number;
  /** How much a replacement raises both fees, in percent (at least 10: nodes refuse less). */
  readonly feeBumpPercent: number;
  /** Signings of one transaction (the first and its replacements) before it is only waited for. */
  readonly maxAttempts: number;
}

export interface ChainSenderConfig {
  readonly chainSenderSettings: ChainSenderSettings;
}

export function chainSenderConfig(env: ChainSenderEnv): ChainSenderConfig {
  return {
    chainSenderSettings: {
      replaceAfterMs: env.CHAIN_SENDER_REPLACE_AFTER_MS,
      feeBumpPercent: env.CHAIN_SENDER_FEE_BUMP_PERCENT,
      maxAttempts: env.CHAIN_SENDER_MAX_ATTEMPTS,
    },
  };
}

export const chainSenderSettingDocs: Record<keyof typeof chainSenderEnv, string> = {
  CHAIN_SENDER_REPLACE_AFTER_MS:
    'A transaction the product sent that is not mined after this many ms is replaced: same nonce, higher fees.',
  CHAIN_SENDER_FEE_BUMP_PERCENT: 'How much a replacement raises the fees, in percent (at least 10).',
  CHAIN_SENDER_MAX_ATTEMPTS:
    'Signings of one transaction (the first and its replacements); after that it is only waited for.',
};
