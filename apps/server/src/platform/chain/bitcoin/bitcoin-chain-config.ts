import { BITCOIN_NETWORK_PREFIXES, getAsset, isAssetCode, parseDecimal } from '@exchange/domain';
import { z } from 'zod';
import { asXpub, bip84XpubOfMnemonic } from './bitcoin-addresses';

/**
 * Bitcoin-family chains by configuration (issue 47): BITCOIN_CHAINS is a JSON list of chains that speak
 * Bitcoin Core's JSON-RPC (bitcoind, litecoind), each with its node, confirmations, explorer, coin,
 * network prefix (the bech32 part: 'ltc', 'bc', 'rltc' …) and BIP-84 account key. They are watched
 * beside the EVM chains by the Bitcoin-family adapter (platform/chain/bitcoin/).
 *
 *   BITCOIN_CHAINS='[{"key":"litecoin","name":"Litecoin","asset":"LTC","rpcUrl":"http://user:pass@127.0.0.1:9332",
 *     "confirmations":6,"explorerUrl":"https://litecoinspace.org","networkPrefix":"ltc","coinType":2,
 *     "xpub":"zpub…","minDeposit":"0.001"}]'
 */

const decimalText = z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, 'must be a decimal amount');

const bitcoinChainEntry = z.strictObject({
  key: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be 1-32 lower-case letters, digits or dashes'),
  name: z.string().min(1).max(60),
  asset: z.string().refine((code) => isAssetCode(code) && getAsset(code).type !== 'FIAT', {
    message: 'is not a known coin of the exchange (see packages/domain/src/assets.ts)',
  }),
  /** The node's JSON-RPC URL with its RPC user and password: http://user:password@host:port. */
  rpcUrl: z.url({ protocol: /^https?$/ }),
  confirmations: z.number().int().min(1).max(1000),
  explorerUrl: z.url({ protocol: /^https?$/ }).optional(),
  networkPrefix: z.enum(BITCOIN_NETWORK_PREFIXES),
  /** SLIP-44 coin type of the BIP-84 path m/84'/<coinType>'/0' (0 Bitcoin, 1 test networks, 2 Litecoin). */
  coinType: z.number().int().min(0).max(0x7fffffff),
  /** The account's extended public key (xpub, zpub, vpub …); unset: derived from the seed words. */
  xpub: z
    .string()
    .refine(
      (key) => {
        try {
          asXpub(key);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'is not an extended public key' },
    )
    .optional(),
  minDeposit: decimalText,
});

export type BitcoinChainEntry = z.output<typeof bitcoinChainEntry>;

/** What a Bitcoin-family chain adds to its settings (ChainSettings.bitcoin). */
export interface BitcoinChainParams {
  /** The bech32 human-readable part of its addresses ('ltc', 'rltc', 'bc'). */
  readonly networkPrefix: string;
  /** The BIP-84 account key (m/84'/<coinType>'/0') deposit addresses are derived from, as an xpub. */
  readonly xpub: string;
  readonly coinType: number;
}

/** A Bitcoin-family chain's settings (chain-config.ts's ChainSettings, without importing it back). */
export interface BitcoinChainSettings {
  readonly key: string;
  readonly family: 'bitcoin';
  readonly name: string;
  readonly chainId: number;
  readonly rpcUrl: string;
  readonly confirmations: number;
  readonly explorerUrl: string | null;
  readonly tokens: readonly { asset: string; contract: null; decimals: number; minDeposit: bigint }[];
  readonly bitcoin: BitcoinChainParams;
}

export const bitcoinChainEnv = {
  /** Bitcoin-family chains, as a JSON list (see above). */
  BITCOIN_CHAINS: z
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
    .pipe(
      z
        .array(bitcoinChainEntry)
        .max(10)
        .superRefine((entries, ctx) => {
          const keys = new Set<string>();
          entries.forEach((entry, i) => {
            if (keys.has(entry.key))
              ctx.addIssue({
                code: 'custom',
                path: [i, 'key'],
                message: `chain key '${entry.key}' is configured twice`,
              });
            keys.add(entry.key);
            if (
              isAssetCode(entry.asset) &&
              parseDecimal(entry.minDeposit, getAsset(entry.asset).scale) === null
            )
              ctx.addIssue({
                code: 'custom',
                path: [i, 'minDeposit'],
                message: `has more decimals than ${entry.asset} keeps`,
              });
          });
        }),
    ),
};

export const bitcoinChainSettingDocs: Record<keyof typeof bitcoinChainEnv, string> = {
  BITCOIN_CHAINS:
    'Bitcoin-family chains (Bitcoin Core\'s JSON-RPC: bitcoind, litecoind) as a JSON list: `[{"key":"litecoin","name":"Litecoin","asset":"LTC","rpcUrl":"http://user:pass@host:9332","confirmations":6,"explorerUrl":"https://…","networkPrefix":"ltc","coinType":2,"xpub":"zpub…","minDeposit":"0.001"}]`. Deposit addresses are BIP-84 P2WPKH (m/84\'/coinType\'/0\'/0/i) under the bech32 `networkPrefix` (`bc`, `tb`, `bcrt`, `ltc`, `tltc`, `rltc`); the node must run with `-txindex=1`. `xpub` unset: derived from the seed words (CHAIN_MNEMONIC, development). `npm start` adds a regtest Litecoin node (`rltc`) by itself when `litecoind` is installed.',
};

/**
 * The listed Bitcoin-family chains as settings: one coin each (8 places on the chain), the account key
 * given or derived from the seed words. Refuses a key an EVM chain already has, and a chain with no
 * account key to derive addresses from.
 */
export function bitcoinChainSettings(
  entries: readonly BitcoinChainEntry[],
  mnemonic: string | undefined,
  evmChains: readonly { readonly key: string }[],
): BitcoinChainSettings[] {
  return entries.map((entry) => {
    if (evmChains.some((chain) => chain.key === entry.key))
      throw new Error(`BITCOIN_CHAINS: chain key '${entry.key}' is already an EVM chain's`);
    const xpub = entry.xpub ?? (mnemonic ? bip84XpubOfMnemonic(mnemonic, entry.coinType) : undefined);
    if (!xpub) throw new Error(`BITCOIN_CHAINS: '${entry.key}' needs an xpub (or CHAIN_MNEMONIC)`);
    if (!isAssetCode(entry.asset)) throw new Error(`BITCOIN_CHAINS: ${entry.asset} is not a known asset`);
    return {
      key: entry.key,
      family: 'bitcoin',
      name: entry.name,
      chainId: 0,
      rpcUrl: entry.rpcUrl,
      confirmations: entry.confirmations,
      explorerUrl: entry.explorerUrl?.replace(/\/+$/, '') ?? null,
      tokens: [
        {
          asset: entry.asset,
          contract: null,
          decimals: 8,
          minDeposit: parseDecimal(entry.minDeposit, getAsset(entry.asset).scale)!,
        },
      ],
      bitcoin: { networkPrefix: entry.networkPrefix, xpub: asXpub(xpub), coinType: entry.coinType },
    };
  });
}
