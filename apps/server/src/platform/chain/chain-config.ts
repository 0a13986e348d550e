import { createHash } from 'node:crypto';
import { type ChainFamily, getAsset, isAssetCode, parseDecimal } from '@exchange/domain';
import { HDKey } from '@scure/bip32';
import { entropyToMnemonic, generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { z } from 'zod';
import {
  type BitcoinChainParams,
  bitcoinChainEnv,
  bitcoinChainSettings,
} from './bitcoin/bitcoin-chain-config';
import { type ChainListEntry, chainListEnv } from './chain-list-config';
import { type ChainSenderConfig, chainSenderConfig, chainSenderEnv } from './chain-sender-config';
import type { ChainSigner } from './chain-sender-types';
import { localChainSigner } from './local-chain-signer';
import { type SignerClientConfig, signerClientConfig, signerClientEnv } from './signer-client-config';

/**
 * The chains deposits arrive on (issue 37): its environment variables (spread into config.ts's env
 * schema, so they are documented and parsed with the rest) and their typed settings. One EVM adapter
 * serves any EVM chain by these settings: chain id, RPC URL, confirmations, the native coin and the
 * tokens (contract and decimals), the explorer and the minimum deposits.
 *
 * CHAIN_MODE: 'embedded' (the default of `npm start`) starts a local development chain (hardhat's node)
 * and deploys a test USDT; 'external' reads CHAIN_RPC_URL; 'off' offers no coin deposits.
 */

/** The public development mnemonic of hardhat's node: its accounts are funded and known to everyone. */
export const DEV_CHAIN_MNEMONIC = 'test test test test test test test test test test test junk';

/** BIP-44's account path for Ethereum; deposit address i is <account>/0/i. */
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'";

const decimalText = z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, 'must be a decimal amount');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x contract address');

export const chainEnv = {
  CHAIN_MODE: z.enum(['embedded', 'external', 'off']).optional(),
  CHAIN_KEY: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .default('ethereum'),
  CHAIN_NAME: z.string().min(1).max(60).default('Ethereum'),
  CHAIN_ID: z.coerce.number().int().positive().default(31337),
  CHAIN_RPC_URL: z.url({ protocol: /^(https?|wss?)$/ }).optional(),
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
  CHAIN_EXPLORER_URL: z.url({ protocol: /^https?$/ }).optional(),
  CHAIN_NATIVE_ASSET: z.string().default('ETH'),
  CHAIN_MIN_DEPOSIT_NATIVE: decimalText.default('0.001'),
  CHAIN_USDT_ADDRESS: address.optional(),
  CHAIN_USDT_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
  CHAIN_MIN_DEPOSIT_USDT: decimalText.default('1'),
  /** The account-level extended public key (m/44'/60'/0') deposit addresses are derived from. */
  CHAIN_XPUB: z.string().startsWith('xpub').optional(),
  /** Or the seed words themselves (development, tests, or an operator who keeps them here). */
  CHAIN_MNEMONIC: z.string().optional(),
  CHAIN_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  CHAIN_EMBEDDED_BLOCK_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** The other local networks the embedded start runs beside its Ethereum (issue 47; dev-networks.ts). */
  CHAIN_EMBEDDED_NETWORKS: z
    .string()
    .default('bsc,polygon')
    .transform((text) =>
      text
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(['bsc', 'polygon']))
        .refine((keys) => new Set(keys).size === keys.length, 'lists a network twice'),
    ),
  ...chainListEnv,
  ...bitcoinChainEnv,
  ...chainSenderEnv,
  ...signerClientEnv,
};

type ChainEnv = z.output<z.ZodObject<typeof chainEnv>> & { NODE_ENV: 'development' | 'test' | 'production' };

export interface ChainToken {
  readonly asset: string;
  /** The token contract, null for the chain's native coin. */
  readonly contract: string | null;
  /** Decimals on the chain (18 for ETH, 6 for USDT). */
  readonly decimals: number;
  /** The least credited, in the ledger's minor units of the asset. */
  readonly minDeposit: bigint;
}

export interface ChainSettings {
  /** Our key of the chain ('ethereum'), as the routes and the rows name it. */
  readonly key: string;
  /** The chain's family, which picks its node (chain-nodes.ts); absent: 'evm'. */
  readonly family?: ChainFamily;
  readonly name: string;
  readonly chainId: number;
  readonly rpcUrl: string;
  readonly confirmations: number;
  readonly explorerUrl: string | null;
  readonly tokens: readonly ChainToken[];
  /** What the chain's tokens are called ('BEP-20' on BNB Smart Chain); absent: 'ERC-20'. */
  readonly tokenStandard?: string;
  /** A Bitcoin-family chain's network and account key (family 'bitcoin' only; BITCOIN_CHAINS). */
  readonly bitcoin?: BitcoinChainParams;
}

export interface ChainConfig extends ChainSenderConfig, SignerClientConfig {
  readonly chainMode: 'embedded' | 'external' | 'off';
  /**
   * The chains watched: the first (CHAIN_*) and the listed ones (CHAINS). In embedded mode the start
   * (main.ts) puts the development chain first once it runs and its token is deployed.
   */
  readonly chains: readonly ChainSettings[];
  /** Bitcoin-family chains (BITCOIN_CHAINS), apart from `chains`: the EVM sweeper and sender do not serve them. */
  readonly bitcoinChains: readonly ChainSettings[];
  /** The extended public key addresses are derived from; the seed itself is never kept in the config. */
  readonly chainXpub: string;
  /**
   * Signs what the product sends (features/chain-sender): built from the seed words where they are
   * known (CHAIN_MNEMONIC, the embedded secret, a test's own), which it keeps in its closure only.
   * Null with CHAIN_XPUB alone (watch-only): deposits are watched, nothing is sent. With SIGNER_URL
   * the start (main.ts) puts the signer process's client here (platform/remote-chain-signer.ts).
   */
  readonly chainSigner: ChainSigner | null;
  readonly chainPollMs: number;
  /** Block time of the embedded development chain (0: a block only per transaction). */
  readonly chainEmbeddedBlockMs: number;
  /** The other local networks (dev-networks.ts keys) the embedded start runs beside its Ethereum. */
  readonly chainEmbeddedNetworks: readonly string[];
  /** The chain's settings but its RPC URL and tokens, for the embedded start to complete once it runs. */
  readonly chainTemplate: Omit<ChainSettings, 'rpcUrl' | 'tokens'>;
  /** The chain's coins given the USDT contract (the embedded start knows it after its deploy). */
  chainTokensFor(usdtAddress: string | undefined): ChainToken[];
}

/** A coin amount setting (`text`, decimal) in the asset's ledger units; `name` says which setting. */
export function settingMinor(asset: string, text: string, name: string): bigint {
  if (!isAssetCode(asset)) throw new Error(`${name}: ${asset} is not a known asset`);
  const amount = parseDecimal(text, getAsset(asset).scale);
  if (amount === null) throw new Error(`${name}: ${text} has more decimals than ${asset} keeps`);
  return amount;
}

/** The chain's coins as the settings list them, given the token contract (known after a deploy). */
function chainTokens(env: ChainEnv, usdtAddress: string | undefined): ChainToken[] {
  const tokens: ChainToken[] = [
    {
      asset: env.CHAIN_NATIVE_ASSET,
      contract: null,
      decimals: 18,
      minDeposit: settingMinor(
        env.CHAIN_NATIVE_ASSET,
        env.CHAIN_MIN_DEPOSIT_NATIVE,
        'CHAIN_MIN_DEPOSIT_NATIVE',
      ),
    },
  ];
  if (usdtAddress)
    tokens.push({
      asset: 'USDT',
      contract: usdtAddress,
      decimals: env.CHAIN_USDT_DECIMALS,
      minDeposit: settingMinor('USDT', env.CHAIN_MIN_DEPOSIT_USDT, 'CHAIN_MIN_DEPOSIT_USDT'),
    });
  return tokens;
}

/**
 * The chains CHAINS lists (parsed and checked in chain-list-config.ts) as settings, the native coin
 * first as the first chain's, refusing one that reuses the first chain's key or chain id.
 */
function listedChains(
  first: { readonly key: string; readonly chainId: number } | null,
  entries: readonly ChainListEntry[],
): ChainSettings[] {
  return entries.map((entry) => {
    if (first && entry.key === first.key)
      throw new Error(`CHAINS: chain key '${first.key}' is already CHAIN_KEY's (the first chain)`);
    if (first && entry.chainId === first.chainId)
      throw new Error(
        `CHAINS: chain id ${first.chainId} of '${entry.key}' is already CHAIN_ID's (the first chain)`,
      );
    const coins = [{ ...entry.native, contract: null }, ...entry.tokens];
    return {
      key: entry.key,
      name: entry.name,
      chainId: entry.chainId,
      rpcUrl: entry.rpcUrl,
      confirmations: entry.confirmations,
      explorerUrl: entry.explorerUrl?.replace(/\/+$/, '') ?? null,
      tokenStandard: entry.tokenStandard,
      tokens: coins.map((coin) => ({
        asset: coin.asset,
        contract: coin.contract,
        decimals: coin.decimals,
        minDeposit: settingMinor(coin.asset, coin.minDeposit, 'CHAINS'),
      })),
    };
  });
}

/** The account-level extended public key of a mnemonic (BIP-32/44). */
export function xpubOfMnemonic(mnemonic: string): string {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(DEPOSIT_ACCOUNT_PATH).publicExtendedKey;
}

/** 24 seed words made from a persistent secret (embedded mode keeps it in DATA_DIR/secrets). */
export function mnemonicFromSecret(secret: string): string {
  return entropyToMnemonic(createHash('sha256').update(secret).digest(), wordlist);
}

/**
 * The typed chain settings. `secret` gives embedded mode its persistent seed (DATA_DIR/secrets) only
 * when it is asked for; the seed words become an extended public key here and the signer's keys,
 * and are kept nowhere else (not on the config as text).
 */
export function chainConfig(env: ChainEnv, secret: (name: string) => string): ChainConfig {
  const mode =
    env.CHAIN_MODE ??
    (env.CHAIN_RPC_URL || env.CHAINS.length > 0
      ? 'external'
      : env.NODE_ENV === 'development'
        ? 'embedded'
        : 'off');
  if (env.CHAIN_MNEMONIC && !validateMnemonic(env.CHAIN_MNEMONIC, wordlist))
    throw new Error('CHAIN_MNEMONIC: is not a valid BIP-39 mnemonic');
  // With a signer process (SIGNER_URL) the seed words are its own: the web process makes up none.
  const mnemonic =
    env.CHAIN_MNEMONIC ??
    (env.CHAIN_XPUB || mode === 'off' || env.SIGNER_URL
      ? undefined
      : env.NODE_ENV === 'test'
        ? generateMnemonic(wordlist, 256)
        : env.NODE_ENV === 'production'
          ? undefined
          : mnemonicFromSecret(secret('chain-seed')));
  const chainXpub = env.CHAIN_XPUB ?? (mnemonic ? xpubOfMnemonic(mnemonic) : '');
  if (mnemonic && env.CHAIN_XPUB && xpubOfMnemonic(mnemonic) !== env.CHAIN_XPUB)
    throw new Error("CHAIN_XPUB / CHAIN_MNEMONIC: the extended public key is not the seed words' own");
  const template = {
    key: env.CHAIN_KEY,
    name: env.CHAIN_NAME,
    chainId: env.CHAIN_ID,
    confirmations: env.CHAIN_CONFIRMATIONS,
    explorerUrl: env.CHAIN_EXPLORER_URL?.replace(/\/+$/, '') ?? null,
  };
  const first: ChainSettings[] =
    mode === 'external' && env.CHAIN_RPC_URL
      ? [{ ...template, rpcUrl: env.CHAIN_RPC_URL, tokens: chainTokens(env, env.CHAIN_USDT_ADDRESS) }]
      : [];
  // The listed chains (CHAINS) follow the first; in embedded mode the start puts the development chain
  // (CHAIN_KEY's) in front of them once it runs.
  const firstKey = first[0] ?? (mode === 'embedded' ? template : null);
  const chains = mode === 'off' ? [] : [...first, ...listedChains(firstKey, env.CHAINS)];
  return {
    chainMode: mode,
    chains,
    bitcoinChains: bitcoinChainSettings(env.BITCOIN_CHAINS, mnemonic, chains),
    chainXpub,
    chainSigner: mnemonic ? localChainSigner(mnemonic) : null,
    chainPollMs: env.CHAIN_POLL_MS,
    chainEmbeddedBlockMs: env.CHAIN_EMBEDDED_BLOCK_MS,
    chainEmbeddedNetworks: env.CHAIN_EMBEDDED_NETWORKS,
    chainTemplate: template,
    chainTokensFor: (usdtAddress) => chainTokens(env, usdtAddress),
    ...chainSenderConfig(env),
    ...signerClientConfig(env),
  };
}

/** What production refuses of the chain settings: the development chain and its public key. */
export function chainProductionProblems(
  config: ChainConfig,
  env: { readonly CHAIN_MNEMONIC?: string },
): string[] {
  const problems: string[] = [];
  // In production no process that answers HTTP holds a seed or a private key (issue 43, item 5).
  if (env.CHAIN_MNEMONIC)
    problems.push(
      'CHAIN_MNEMONIC: seed words are not allowed in the web process in production; give them to the signer process (SIGNER_MNEMONIC, `npm run signer`), set SIGNER_URL, SIGNER_SECRET and CHAIN_XPUB here',
    );
  if (config.signer && config.signer.secret.length < 32)
    problems.push("SIGNER_SECRET: is required with SIGNER_URL (32+ random characters, the signer's own)");

  if (config.chainMode === 'embedded')
    problems.push(
      'CHAIN_MODE: the embedded development chain is for trying the product only; set CHAIN_RPC_URL',
    );
  if (config.chainMode === 'external' && !config.chainXpub)
    problems.push('CHAIN_XPUB: is required to derive deposit addresses with CHAIN_RPC_URL');
  if (config.chainXpub && config.chainXpub === xpubOfMnemonic(DEV_CHAIN_MNEMONIC))
    problems.push('CHAIN_XPUB / CHAIN_MNEMONIC: is the public development key; its coins belong to anyone');
  return problems;
}
