import { type Address, createPublicClient, createWalletClient, type Hash, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type ChainSettings, settingMinor } from '../platform/chain/chain-config';
import { devChainDefinition } from '../platform/chain/dev-chain';
import {
  DEV_NETWORKS,
  type DevNetwork,
  startDevNetwork,
  TEST_TOKEN_ABI,
} from '../platform/chain/dev-networks';

/**
 * A local EVM network of its own for a test file (issue 47): BNB Smart Chain or Polygon as `npm start`
 * runs them (dev-networks.ts), started once per file and listed in CHAINS beside the run's shared
 * Ethereum, with an outside wallet on it that sends its coins.
 */
export async function startTestNetwork(key: 'bsc' | 'polygon'): Promise<DevNetwork> {
  const spec = DEV_NETWORKS.find((network) => network.key === key)!;
  return startDevNetwork(spec, { minor: (asset, text) => settingMinor(asset, text, 'test network') });
}

/** The network as a CHAINS entry (chain-list-config.ts), with a test explorer. */
export function networkChainsEntry(settings: ChainSettings) {
  const [native, ...tokens] = settings.tokens;
  return {
    key: settings.key,
    name: settings.name,
    chainId: settings.chainId,
    rpcUrl: settings.rpcUrl,
    confirmations: settings.confirmations,
    explorerUrl: `https://${settings.key}-explorer.example`,
    tokenStandard: settings.tokenStandard ?? 'ERC-20',
    native: { asset: native!.asset, minDeposit: '0.01' },
    tokens: tokens.map((token) => ({
      asset: token.asset,
      contract: token.contract!,
      decimals: token.decimals,
      minDeposit: '1',
    })),
  };
}

/** A fresh outside wallet on the network with `native` of its coin; it mints itself the tokens it sends. */
export async function networkAccount(settings: ChainSettings, native: string) {
  const chain = devChainDefinition(settings.rpcUrl, settings.chainId);
  const account = privateKeyToAccount(generatePrivateKey());
  const transport = http(settings.rpcUrl);
  const client = createPublicClient({ chain, transport });
  const wallet = createWalletClient({ account, chain, transport });
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const mined = (hash: Hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await rpc('hardhat_setBalance', [account.address, `0x${parseEther(native).toString(16)}`]);
  const contractOf = (asset: string) =>
    settings.tokens.find((token) => token.asset === asset && token.contract)!.contract as Address;
  return {
    address: account.address,
    client,
    sendNative: async (to: string, amount: string) =>
      mined(await wallet.sendTransaction({ to: to as Address, value: parseEther(amount) })),
    /** Mints `units` of the token to itself, then sends them to `to` as a customer's wallet would. */
    sendToken: async (asset: string, to: string, units: bigint) => {
      const token = { address: contractOf(asset), abi: TEST_TOKEN_ABI } as const;
      await mined(
        await wallet.writeContract({ ...token, functionName: 'mint', args: [account.address, units] }),
      );
      return mined(
        await wallet.writeContract({ ...token, functionName: 'transfer', args: [to as Address, units] }),
      );
    },
    tokenBalance: (asset: string, of: Address) =>
      client.readContract({
        address: contractOf(asset),
        abi: TEST_TOKEN_ABI,
        functionName: 'balanceOf',
        args: [of],
      }),
    mine: (blocks: number) => rpc('hardhat_mine', [`0x${blocks.toString(16)}`]),
  };
}
