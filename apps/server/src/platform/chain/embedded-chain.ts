import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { type Account, formatUnits, parseEther, parseUnits } from 'viem';
import type { Config } from '../config';
import { type ChainSettings, type ChainToken, settingMinor } from './chain-config';
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
  /** The same for the other local networks (issue 47: BNB Smart Chain, Polygon), one each. */
  readonly networkRestoreInputs: readonly DevChainRestoreInput[];
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
    return {
      config,
      bannerLines: [],
      restoreInput: null,
      networkRestoreInputs: [],
      float: [],
      stop: async () => {},
    };
  const [
    { devFunder, HOT_WALLET_FUNDS, startDevChain },
    networksModule,
    { deployTestTokens, ETHEREUM_DEV_TOKENS },
  ] = await Promise.all([import('./dev-chain'), import('./embedded-networks'), import('./dev-networks')]);
  const { devFloatOf, fundDevWallet, startEmbeddedNetworks } = networksModule;
  const log = (line: string) => logger.warn({ line }, 'development chain');
  // The three nodes start at once: each is a process of its own, and most of a start is waiting.
  const [first, others] = await Promise.allSettled([
    startDevChain({ blockMs: config.chainEmbeddedBlockMs, log }),
    startEmbeddedNetworks(config, log),
  ]);
  if (first.status === 'rejected' || others.status === 'rejected') {
    if (first.status === 'fulfilled') await first.value.stop();
    if (others.status === 'fulfilled') await Promise.all(others.value.map((network) => network.chain.stop()));
    throw first.status === 'rejected' ? first.reason : (others as PromiseRejectedResult).reason;
  }
  const chain = first.value;
  const networks = others.value;
  const stopAll = async () => {
    await Promise.all([chain.stop(), ...networks.map((network) => network.chain.stop())]);
  };
  try {
    const extraTokens = await deployTestTokens(
      chain.rpcUrl,
      chain.chainId,
      ETHEREUM_DEV_TOKENS,
      (asset, text) => settingMinor(asset, text, 'CHAIN_EMBEDDED_NETWORKS'),
    );
    const settings: ChainSettings = {
      ...config.chainTemplate,
      rpcUrl: chain.rpcUrl,
      tokens: [...config.chainTokensFor(chain.usdt), ...extraTokens],
    };
    const all = [settings, ...networks.map((network) => network.settings)];
    const info = devChainInfoFile(config.dataDir);
    writeFileSync(info, `${JSON.stringify(devChainInfo(chain, all))}\n`);
    logger.info(
      { rpcUrl: chain.rpcUrl, usdt: chain.usdt, networks: all.length },
      'development chain started',
    );
    // The hot wallet starts funded on every network, so sweeps' gas, top-ups and withdrawals work on a
    // fresh start.
    const hot = config.chainSigner?.address({ kind: 'hot' });
    if (hot) await Promise.all(all.map((network) => fundDevWallet(network, hot, HOT_WALLET_FUNDS)));
    // The exchange's ERC-721 (issue 40): the development funder deploys it, the hot wallet mints.
    const nftContractAddress =
      config.nftContractAddress ?? (hot ? await deployDevNft(chain.rpcUrl, hot) : null);
    const restoreOf = (network: ChainSettings, nftContract: string | null): DevChainRestoreInput => ({
      settings: network,
      signer: config.chainSigner,
      nftContract,
      nftPublicUrl: config.nftPublicUrl,
      float: HOT_WALLET_FUNDS,
      funder: devFunder(),
      logger,
    });
    return {
      // The development chains first, then the chains CHAINS lists (config.chains holds those alone here).
      config: {
        ...config,
        chains: [...all, ...config.chains],
        nftContractAddress,
        chainSweeps: hotCapsForFloat(config.chainSweeps, settings.tokens, HOT_WALLET_FUNDS),
      },
      bannerLines: [
        `  Development chain:     ${chain.rpcUrl} (chain id ${chain.chainId}, test USDT ${chain.usdt})`,
        ...networks.map(
          ({ settings: network }) =>
            `  ${`${network.name}:`.padEnd(22)} ${network.rpcUrl} (chain id ${network.chainId}, ${network.tokens.map((token) => token.asset).join(', ')})`,
        ),
        ...(nftContractAddress
          ? [`  NFT contract:          ${nftContractAddress} (ERC-721, minted by the hot wallet)`]
          : []),
        '  Chain faucet:          npm run chain:faucet -- <address> <amount> [coin] [network]',
      ],
      restoreInput: restoreOf(settings, nftContractAddress),
      networkRestoreInputs: networks.map((network) => restoreOf(network.settings, null)),
      float: hot
        ? all.flatMap((network) =>
            network.tokens.map((token) => ({
              chain: network.key,
              token,
              raw: devFloatOf(token, HOT_WALLET_FUNDS),
            })),
          )
        : [],
      async stop() {
        await stopAll();
        rmSync(info, { force: true });
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * What the faucet reads of the running networks (DATA_DIR/dev-chain.json): the first chain's RPC URL,
 * chain id and test USDT as before, and every network with its coins' contracts.
 */
function devChainInfo(
  chain: { rpcUrl: string; chainId: number; usdt: string },
  all: readonly ChainSettings[],
) {
  return {
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    usdt: chain.usdt,
    networks: all.map((network) => ({
      key: network.key,
      name: network.name,
      rpcUrl: network.rpcUrl,
      chainId: network.chainId,
      coins: network.tokens.map((token) => ({
        asset: token.asset,
        contract: token.contract,
        decimals: token.decimals,
      })),
    })),
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
