import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { type Account, formatUnits, parseEther, parseUnits } from 'viem';
import type { Config } from '../config';
import type { ChainSettings, ChainToken } from './chain-config';
import type { ChainSigner } from './chain-sender-types';
import type { ChainSweepSettings } from './chain-sweep-config';

/** What the faucet reads to find the embedded chain `npm start` runs: DATA_DIR/dev-chain.json. */
export function devChainInfoFile(dataDir: string): string {
  return path.join(dataDir, 'dev-chain.json');
}

/** What restoring a development chain after a restart works with (dev-chain-restore.ts). */
export interface DevChainRestoreInput {
  readonly settings: ChainSettings;
  readonly signer: ChainSigner | null;
  /** The exchange's ERC-721 on this chain (the start's deploy), null when none. */
  readonly nftContract: string | null;
  readonly nftPublicUrl: string;
  /** What the start gave the hot wallet that the ledger does not record yet (HOT_WALLET_FUNDS). */
  readonly float: { readonly eth: string; readonly usdt: bigint };
  /** The development funder: it mints the test USDT put back. */
  readonly funder: Account;
  readonly logger: Logger;
}

export interface EmbeddedChain {
  /** The configuration with the running chain's settings filled in. */
  readonly config: Config;
  /** The start banner's lines about the chain (none without one). */
  readonly bannerLines: readonly string[];
  /**
   * What a restart needs to put back on the new chain what the database says the product held on the
   * old one (dev-chain-restore.ts, run by main.ts once the database is migrated); null outside embedded mode.
   */
  readonly restoreInput: DevChainRestoreInput | null;
  /**
   * What this start put into the hot wallet from outside (HOT_WALLET_FUNDS), per coin in the chain's
   * units: the house's float, for main.ts to record once the restore has run.
   */
  readonly float: readonly { readonly chain: string; readonly token: ChainToken; readonly raw: bigint }[];
  stop(): Promise<void>;
}

/**
 * CHAIN_MODE=embedded (the default of `npm start`): starts the local development chain with its test
 * USDT, completes the chain settings with its RPC URL and token address, and leaves where it runs in
 * DATA_DIR/dev-chain.json for `npm run chain:faucet`. Any other mode changes nothing.
 */
export async function startEmbeddedChain(config: Config, logger: Logger): Promise<EmbeddedChain> {
  if (config.chainMode !== 'embedded')
    return { config, bannerLines: [], restoreInput: null, float: [], stop: async () => {} };
  const { devFunder, fundDevAddress, HOT_WALLET_FUNDS, startDevChain } = await import('./dev-chain');
  const chain = await startDevChain({
    blockMs: config.chainEmbeddedBlockMs,
    log: (line) => logger.warn({ line }, 'development chain'),
  });
  const info = devChainInfoFile(config.dataDir);
  writeFileSync(
    info,
    `${JSON.stringify({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, usdt: chain.usdt })}\n`,
  );
  logger.info({ rpcUrl: chain.rpcUrl, usdt: chain.usdt }, 'development chain started');
  // The hot wallet starts funded, so sweeps' gas, top-ups and withdrawals work on a fresh start.
  const hot = config.chainSigner?.address({ kind: 'hot' });
  if (hot) await fundDevAddress(chain.rpcUrl, chain.usdt, hot, HOT_WALLET_FUNDS);
  // The exchange's ERC-721 (issue 40): the development funder deploys it, the hot wallet mints.
  const nftContractAddress =
    config.nftContractAddress ?? (hot ? await deployDevNft(chain.rpcUrl, hot) : null);
  const settings = {
    ...config.chainTemplate,
    rpcUrl: chain.rpcUrl,
    tokens: config.chainTokensFor(chain.usdt),
  };
  return {
    // The development chain first, then the chains CHAINS lists (config.chains holds those alone here).
    config: {
      ...config,
      chains: [settings, ...config.chains],
      nftContractAddress,
      chainSweeps: hotCapsForFloat(config.chainSweeps, settings.tokens, HOT_WALLET_FUNDS),
    },
    bannerLines: [
      `  Development chain:     ${chain.rpcUrl} (chain id ${chain.chainId}, test USDT ${chain.usdt})`,
      ...(nftContractAddress
        ? [`  NFT contract:          ${nftContractAddress} (ERC-721, minted by the hot wallet)`]
        : []),
      '  Chain faucet:          npm run chain:faucet -- <address> <amount> [ETH|USDT]',
    ],
    restoreInput: {
      settings,
      signer: config.chainSigner,
      nftContract: nftContractAddress,
      nftPublicUrl: config.nftPublicUrl,
      float: HOT_WALLET_FUNDS,
      funder: devFunder(),
      logger,
    },
    float: hot
      ? settings.tokens.flatMap((token) => {
          const raw =
            token.contract === null
              ? parseEther(HOT_WALLET_FUNDS.eth)
              : token.asset === 'USDT'
                ? HOT_WALLET_FUNDS.usdt
                : 0n;
          return raw > 0n ? [{ chain: settings.key, token, raw }] : [];
        })
      : [],
    async stop() {
      await chain.stop();
      rmSync(info, { force: true });
    },
  };
}

/** How many floats the embedded hot wallet's caps leave room for: the start's own, and as much again swept in. */
const FLOATS_UNDER_CAP = 2n;

/**
 * The embedded default's hot-wallet caps, sized to the float its start puts in the hot wallet
 * (HOT_WALLET_FUNDS): at least twice it, so a fresh `npm start` reads 'Matches' on the solvency panel
 * rather than 'Above hot cap', with room for the demo's deposits swept in. A cap configured higher is
 * kept. Only the embedded start calls this: production's caps are the configured ones.
 */
export function hotCapsForFloat(
  sweeps: ChainSweepSettings,
  tokens: readonly ChainToken[],
  float: { readonly eth: string; readonly usdt: bigint },
): ChainSweepSettings {
  const atLeast = (configured: string, decimals: number, floor: bigint) => {
    const cap = parseUnits(configured, decimals);
    return cap >= floor ? configured : formatUnits(floor, decimals);
  };
  const usdt = tokens.find((token) => token.asset === 'USDT' && token.contract !== null);
  return {
    ...sweeps,
    hotCapNative: atLeast(sweeps.hotCapNative, 18, parseEther(float.eth) * FLOATS_UNDER_CAP),
    hotCapToken: usdt
      ? atLeast(sweeps.hotCapToken, usdt.decimals, float.usdt * FLOATS_UNDER_CAP)
      : sweeps.hotCapToken,
  };
}

/** Deploys the exchange's ERC-721 on the development chain from its funder (its admin), `minter` minting. */
async function deployDevNft(rpcUrl: string, minter: `0x${string}`): Promise<string> {
  const [{ devChainDefinition, devFunder }, { deployExchangeNft }] = await Promise.all([
    import('./dev-chain'),
    import('./nft-contract'),
  ]);
  return deployExchangeNft(rpcUrl, devChainDefinition(rpcUrl), devFunder(), { minter });
}
