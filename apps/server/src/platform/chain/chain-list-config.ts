import { getAsset, isAssetCode, parseDecimal } from '@exchange/domain';
import { z } from 'zod';

/**
 * More chains by configuration (issue 37): CHAINS is a JSON list of EVM chains watched beside the
 * first one (CHAIN_*), each with its node, confirmations, explorer, native coin and tokens, so BNB
 * Smart Chain, Polygon or an L2 are configuration, not code. The same EVM adapter serves every chain.
 * Parsed and refused here with the rest of the environment: a path in the message names the entry;
 * chain-config.ts turns the entries into settings beside the first chain's.
 *
 *   CHAINS='[{"key":"bsc","name":"BNB Smart Chain","chainId":56,"rpcUrl":"https://…","confirmations":15,
 *     "explorerUrl":"https://bscscan.com","tokenStandard":"BEP-20","native":{"asset":"BNB","minDeposit":"0.01"},
 *     "tokens":[{"asset":"USDT","contract":"0x55d3…7955","decimals":18,"minDeposit":"1"}]}]'
 */

const decimalText = z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, 'must be a decimal amount');

/** A coin the ledger knows (not a fiat currency). */
const coin = z.string().refine((code) => isAssetCode(code) && getAsset(code).type !== 'FIAT', {
  message: 'is not a known coin of the exchange (see packages/domain/src/assets.ts)',
});

const nativeCoin = z.strictObject({
  asset: coin,
  /** Decimals of the native coin on the chain (18 on every EVM chain so far). */
  decimals: z.number().int().min(0).max(36).default(18),
  minDeposit: decimalText,
});

const tokenCoin = z.strictObject({
  asset: coin,
  contract: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x contract address'),
  decimals: z.number().int().min(0).max(36),
  minDeposit: decimalText,
});

const chainEntry = z.strictObject({
  key: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be 1-32 lower-case letters, digits or dashes'),
  name: z.string().min(1).max(60),
  chainId: z.number().int().positive(),
  rpcUrl: z.url({ protocol: /^(https?|wss?)$/ }),
  confirmations: z.number().int().min(1).max(1000),
  explorerUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** What the chain's tokens are called on the deposit screen ('BEP-20' on BNB Smart Chain). */
  tokenStandard: z
    .string()
    .regex(/^[A-Z0-9-]{2,16}$/, 'must be a token standard such as ERC-20 or BEP-20')
    .default('ERC-20'),
  native: nativeCoin,
  tokens: z.array(tokenCoin).max(50).default([]),
});

export type ChainListEntry = z.output<typeof chainEntry>;

/** What no list may hold: a key or chain id twice, a coin twice on one chain, a minimum finer than the ledger. */
function refuseConflicts(entries: readonly ChainListEntry[], ctx: z.RefinementCtx): void {
  const keys = new Set<string>();
  const ids = new Set<number>();
  entries.forEach((entry, i) => {
    if (keys.has(entry.key))
      ctx.addIssue({
        code: 'custom',
        path: [i, 'key'],
        message: `chain key '${entry.key}' is configured twice`,
      });
    if (ids.has(entry.chainId))
      ctx.addIssue({
        code: 'custom',
        path: [i, 'chainId'],
        message: `chain id ${entry.chainId} is configured twice`,
      });
    keys.add(entry.key);
    ids.add(entry.chainId);
    const assets = new Set<string>();
    const coins = [
      { coin: entry.native, path: [i, 'native'] },
      ...entry.tokens.map((token, t) => ({ coin: token, path: [i, 'tokens', t] })),
    ];
    for (const { coin: c, path } of coins) {
      if (assets.has(c.asset))
        ctx.addIssue({ code: 'custom', path: [...path, 'asset'], message: `${c.asset} is listed twice` });
      assets.add(c.asset);
      if (isAssetCode(c.asset) && parseDecimal(c.minDeposit, getAsset(c.asset).scale) === null)
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'minDeposit'],
          message: `has more decimals than ${c.asset} keeps`,
        });
    }
  });
}

export const chainListEnv = {
  /** More chains beside CHAIN_*'s, as a JSON list (see above). */
  CHAINS: z
    .string()
    .optional()
    .transform((text, ctx): unknown => {
      if (!text?.trim()) return [];
      try {
        return JSON.parse(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `is not valid JSON (${(error as Error).message})` });
        return z.NEVER;
      }
    })
    .pipe(z.array(chainEntry).max(20).superRefine(refuseConflicts)),
};

export const chainListSettingDocs: Record<keyof typeof chainListEnv, string> = {
  CHAINS:
    'More EVM chains beside the first (CHAIN_*), as a JSON list: `[{"key":"bsc","name":"BNB Smart Chain","chainId":56,"rpcUrl":"https://…","confirmations":15,"explorerUrl":"https://bscscan.com","tokenStandard":"BEP-20","native":{"asset":"BNB","minDeposit":"0.01"},"tokens":[{"asset":"USDT","contract":"0x…","decimals":18,"minDeposit":"1"}]}]`. Each chain has its own deposit addresses, watcher, and custody account per coin; a coin on several chains offers a network choice. Refused: bad JSON, a key or chain id twice (the first chain included), a coin the exchange does not list, a coin twice on one chain; at start, a token whose `decimals` differ from the `decimals()` of its contract. Setting it makes CHAIN_MODE default to `external`; with `CHAIN_MODE=embedded` the listed chains are watched beside the development chain.',
};
