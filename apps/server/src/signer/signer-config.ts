import { getAsset, isAssetCode, parseDecimal, type SignCap, type SignChain } from '@exchange/domain';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { z } from 'zod';
import { BITCOIN_COIN_TYPES, bip84XpubOfMnemonic } from '../platform/chain/bitcoin/bitcoin-addresses';
import {
  chainConfig,
  chainEnv,
  DEV_CHAIN_MNEMONIC,
  mnemonicFromSecret,
  xpubOfMnemonic,
} from '../platform/chain/chain-config';
import { chainSenderEnv } from '../platform/chain/chain-sender-config';
import type { ChainSigner } from '../platform/chain/chain-sender-types';
import { chainSweepEnv } from '../platform/chain/chain-sweep-config';
import { nftEnv } from '../platform/chain/nft-config';
import { isLoopbackHost } from '../platform/chain/signer-protocol';
import { ConfigError } from '../platform/config';
import { persistentSecret, randomSecret } from '../platform/secrets';

/**
 * The signer process's settings (issue 43, item 5; docs/custody.md, docs/operations.md). It reads the
 * chain settings the web process reads (CHAIN_*, CHAINS, CHAIN_NFT_ADDRESS: which chain ids, token
 * contracts and NFT contract are real), the hot wallet's caps, the database, and its own: the seed
 * words, the shared secret and where it listens (this machine only).
 */
const decimalText = z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, 'must be a decimal amount');

export const signerEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().min(1, 'is required: the signer reads the outbox and the records itself'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIGNER_HOST: z.string().default('127.0.0.1'),
  SIGNER_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
  SIGNER_SOCKET: z.string().optional(),
  SIGNER_MNEMONIC: z.string().optional(),
  SIGNER_EMBEDDED: z.enum(['on', 'off']).default('off'),
  SIGNER_DAY_CAP_NATIVE: decimalText.optional(),
  SIGNER_DAY_CAP_TOKEN: decimalText.optional(),
  SIGNER_MAX_FEE_NATIVE: decimalText.default('0.05'),
  ...chainEnv,
  CHAIN_HOT_CAP_NATIVE: chainSweepEnv.CHAIN_HOT_CAP_NATIVE,
  CHAIN_HOT_CAP_TOKEN: chainSweepEnv.CHAIN_HOT_CAP_TOKEN,
  CHAIN_NFT_ADDRESS: nftEnv.CHAIN_NFT_ADDRESS,
  // The sender's attempts per row bound the cancels the signer signs for one row.
  CHAIN_SENDER_MAX_ATTEMPTS: chainSenderEnv.CHAIN_SENDER_MAX_ATTEMPTS,
});

/** The signer's own settings, for docs/operations.md. */
export const signerSettingDocs = {
  SIGNER_HOST: 'Where the signer listens: a loopback address only (it refuses any other).',
  SIGNER_PORT: 'Its port on SIGNER_HOST (0: any free port, printed at start).',
  SIGNER_SOCKET: 'A Unix socket path to listen on instead of SIGNER_HOST:SIGNER_PORT.',
  SIGNER_SECRET: "The web process's HMAC key (the same value as the web process's SIGNER_SECRET).",
  SIGNER_MNEMONIC:
    'The seed words of every deposit key and the hot wallet. **Required in production; the public development words are refused.**',
  SIGNER_EMBEDDED:
    '`on` for the embedded default only (`npm start` sets it): seed words and secret from `DATA_DIR/secrets`, and the development chain restore allowed. **Production refuses it.**',
  SIGNER_DAY_CAP_NATIVE:
    'The most native coin the hot wallet may send in 24 hours (withdrawals and gas top-ups). Default: CHAIN_HOT_CAP_NATIVE.',
  SIGNER_DAY_CAP_TOKEN: 'The same for each token. Default: CHAIN_HOT_CAP_TOKEN.',
  SIGNER_MAX_FEE_NATIVE:
    'The most gas one transaction may pay (gas limit times max fee per gas), in the native coin.',
} as const;

export interface SignerChain extends SignChain {
  readonly key: string;
  readonly caps: Readonly<Record<string, SignCap>>;
  readonly maxFeeWei: bigint;
}

export interface SignerConfig {
  readonly env: 'development' | 'test' | 'production';
  readonly databaseUrl: string;
  readonly logLevel: string;
  /** A Unix socket path, or a loopback host and port. */
  readonly listen: { readonly socket: string } | { readonly host: string; readonly port: number };
  readonly secret: string;
  /** The keys (from the seed words, in this process only) and the deposit xpub. */
  readonly keys: ChainSigner;
  readonly xpub: string;
  /** The BIP-84 account xpub per Bitcoin-family coin type ('0', '1', '2'): its identity names them. */
  readonly bitcoinXpubs: Readonly<Record<string, string>>;
  readonly chains: ReadonlyMap<string, SignerChain>;
  /** The embedded default's signer: grants the development chain's restore. */
  readonly embedded: boolean;
  /** The most cancels it signs for one outbox row (CHAIN_SENDER_MAX_ATTEMPTS, as the sender). */
  readonly maxCancels: number;
}

/** The BIP-84 account xpubs (m/84'/c'/0') of the seed for every Bitcoin-family coin type, by type. */
export function bitcoinXpubsOfMnemonic(mnemonic: string): Record<string, string> {
  return Object.fromEntries(
    Object.values(BITCOIN_COIN_TYPES).map((type) => [String(type), bip84XpubOfMnemonic(mnemonic, type)]),
  );
}

function units(text: string, decimals: number, name: string): bigint {
  const amount = parseDecimal(text, decimals);
  if (amount === null) throw new ConfigError([`${name}: ${text} has more decimals than the coin`], 'signer:');
  return amount;
}

export function loadSignerConfig(source: Record<string, string | undefined> = process.env): SignerConfig {
  const parsed = signerEnvSchema.safeParse(source);
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      'invalid signer configuration (see docs/operations.md):',
    );
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const embedded = env.SIGNER_EMBEDDED === 'on';
  const problems: string[] = [];
  if (production && embedded)
    problems.push('SIGNER_EMBEDDED: the embedded default is for trying the product only');
  const mnemonic =
    env.SIGNER_MNEMONIC ?? (embedded ? mnemonicFromSecret(persistentSecret(env.DATA_DIR, 'chain-seed')) : '');
  if (!mnemonic) problems.push('SIGNER_MNEMONIC: is required (the seed words of the keys it signs with)');
  else if (!validateMnemonic(mnemonic, wordlist))
    problems.push('SIGNER_MNEMONIC: is not a valid BIP-39 mnemonic');
  else if (production && xpubOfMnemonic(mnemonic) === xpubOfMnemonic(DEV_CHAIN_MNEMONIC))
    problems.push('SIGNER_MNEMONIC: is the public development key; its coins belong to anyone');
  const secret =
    env.SIGNER_SECRET ??
    (embedded
      ? persistentSecret(env.DATA_DIR, 'signer-secret')
      : env.NODE_ENV === 'test'
        ? randomSecret()
        : '');
  if (secret.length < 32)
    problems.push('SIGNER_SECRET: is required (32+ random characters, shared with the web process)');
  if (!env.SIGNER_SOCKET && !isLoopbackHost(env.SIGNER_HOST))
    problems.push(
      `SIGNER_HOST: ${env.SIGNER_HOST} is not this machine; the signer listens on a loopback address only`,
    );
  if (problems.length > 0) throw new ConfigError(problems, 'the signer refuses to start:');

  const chain = chainConfig(
    { ...env, CHAIN_MNEMONIC: mnemonic, CHAIN_MODE: 'external', SIGNER_URL: undefined },
    () => {
      throw new Error('the signer reads no embedded secret through the chain settings');
    },
  );
  const keys = chain.chainSigner!;
  const hotAddress = keys.address({ kind: 'hot' });
  const maxFeeWei = units(env.SIGNER_MAX_FEE_NATIVE, 18, 'SIGNER_MAX_FEE_NATIVE');
  const chains = new Map<string, SignerChain>();
  chain.chains.forEach((settings, at) => {
    const caps: Record<string, SignCap> = {};
    const tokens = settings.tokens.flatMap((token) => {
      if (!isAssetCode(token.asset)) return [];
      const native = token.contract === null;
      const perTransaction = units(
        native ? env.CHAIN_HOT_CAP_NATIVE : env.CHAIN_HOT_CAP_TOKEN,
        token.decimals,
        native ? 'CHAIN_HOT_CAP_NATIVE' : 'CHAIN_HOT_CAP_TOKEN',
      );
      const day = native ? env.SIGNER_DAY_CAP_NATIVE : env.SIGNER_DAY_CAP_TOKEN;
      caps[token.asset] = {
        perTransaction,
        perDay: day
          ? units(day, token.decimals, native ? 'SIGNER_DAY_CAP_NATIVE' : 'SIGNER_DAY_CAP_TOKEN')
          : perTransaction,
      };
      return [
        {
          asset: token.asset,
          contract: token.contract,
          decimals: token.decimals,
          scale: getAsset(token.asset).scale,
        },
      ];
    });
    chains.set(settings.key, {
      key: settings.key,
      chainId: settings.chainId,
      hotAddress,
      tokens,
      // The exchange's ERC-721 lives on the first chain (platform/nft-config.ts).
      nftContract: at === 0 && env.CHAIN_NFT_ADDRESS ? env.CHAIN_NFT_ADDRESS : null,
      caps,
      maxFeeWei,
    });
  });
  return {
    env: env.NODE_ENV,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    listen: env.SIGNER_SOCKET
      ? { socket: env.SIGNER_SOCKET }
      : { host: env.SIGNER_HOST, port: env.SIGNER_PORT },
    secret,
    keys,
    xpub: chain.chainXpub,
    bitcoinXpubs: bitcoinXpubsOfMnemonic(mnemonic),
    chains,
    embedded,
    maxCancels: env.CHAIN_SENDER_MAX_ATTEMPTS,
  };
}
