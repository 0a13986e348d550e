import { getAsset, isAssetCode } from '@exchange/domain';
import { type Address, createPublicClient, createWalletClient, formatUnits, http, parseEther } from 'viem';
import type { Config } from '../config';
import { type ChainSettings, type ChainToken, settingMinor } from './chain-config';
import { devChainDefinition, devFunder } from './dev-chain';
import { DEV_NETWORKS, type DevNetwork, startDevNetwork, TEST_TOKEN_ABI } from './dev-networks';

/**
 * The embedded start's other local networks (issue 47): the ones CHAIN_EMBEDDED_NETWORKS names, but
 * a network CHAINS already lists (an operator's own node under that key), started in parallel with
 * one another and with the first chain (startEmbeddedChain), so three nodes cost about one's start
 * time. A network that fails stops the ones that started.
 */
export async function startEmbeddedNetworks(
  config: Pick<Config, 'chainEmbeddedNetworks' | 'chains' | 'chainEmbeddedBlockMs'>,
  log: (line: string) => void,
): Promise<DevNetwork[]> {
  const listed = new Set(config.chains.map((chain) => chain.key));
  const specs = DEV_NETWORKS.filter(
    (spec) => config.chainEmbeddedNetworks.includes(spec.key) && !listed.has(spec.key),
  );
  const minor = (asset: string, text: string) => settingMinor(asset, text, 'CHAIN_EMBEDDED_NETWORKS');
  const started = await Promise.allSettled(
    specs.map((spec) => startDevNetwork(spec, { blockMs: config.chainEmbeddedBlockMs, log, minor })),
  );
  const networks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(networks.map((network) => network.chain.stop()));
    throw failed.reason;
  }
  return networks;
}

/**
 * What a development hot wallet holds of a coin at the start (its float), in the chain's units: the
 * native coin's `eth`, and every token as many whole coins as the test USDT's `usdt` makes, whatever
 * its decimals.
 */
export function devFloatOf(
  token: ChainToken,
  float: { readonly eth: string; readonly usdt: bigint },
): bigint {
  if (token.contract === null) return parseEther(float.eth);
  return (float.usdt * 10n ** BigInt(token.decimals)) / 10n ** 6n;
}

/**
 * Gives a development-network address its float of every coin the network carries: the native coin's
 * balance is set, each token minted to it (the test tokens' mint is open), one transaction at a time.
 */
export async function fundDevWallet(
  settings: ChainSettings,
  address: Address,
  float: { readonly eth: string; readonly usdt: bigint },
): Promise<void> {
  const chain = devChainDefinition(settings.rpcUrl, settings.chainId);
  const transport = http(settings.rpcUrl);
  const client = createPublicClient({ chain, transport });
  const wallet = createWalletClient({ account: devFunder(), chain, transport });
  for (const token of settings.tokens) {
    const raw = devFloatOf(token, float);
    if (token.contract === null) {
      await client.request({
        method: 'hardhat_setBalance' as never,
        params: [address, `0x${raw.toString(16)}`] as never,
      });
      continue;
    }
    const hash = await wallet.writeContract({
      address: token.contract as Address,
      abi: TEST_TOKEN_ABI,
      functionName: 'mint',
      args: [address, raw],
    });
    await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  }
}

/**
 * A running network's settings as a CHAINS entry (chain-list-config.ts): how the embedded start hands
 * every local network, with all its tokens, to its signer process (embedded-signer.ts).
 */
export function chainListEntryOf(settings: ChainSettings) {
  const coin = (token: ChainToken) => ({
    asset: token.asset,
    decimals: token.decimals,
    minDeposit: formatUnits(token.minDeposit, isAssetCode(token.asset) ? getAsset(token.asset).scale : 8),
  });
  const native = settings.tokens.find((token) => token.contract === null);
  return {
    key: settings.key,
    name: settings.name,
    chainId: settings.chainId,
    rpcUrl: settings.rpcUrl,
    confirmations: settings.confirmations,
    ...(settings.explorerUrl ? { explorerUrl: settings.explorerUrl } : {}),
    tokenStandard: settings.tokenStandard ?? 'ERC-20',
    native: native ? coin(native) : { asset: 'ETH', decimals: 18, minDeposit: '0.001' },
    tokens: settings.tokens
      .filter((token) => token.contract !== null)
      .map((token) => ({ ...coin(token), contract: token.contract! })),
  };
}
