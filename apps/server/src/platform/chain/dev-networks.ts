import { type Address, createPublicClient, createWalletClient, getAddress, http, parseAbi } from 'viem';
import type { ChainSettings, ChainToken } from './chain-config';
import { type DevChain, devChainDefinition, devFunder, startDevChain } from './dev-chain';
import { TEST_TOKEN_SOURCE } from './dev-chain-token';
import { compileSolidity } from './solidity';

/**
 * The local EVM networks beside the development Ethereum (issue 47): BNB Smart Chain and Polygon, each
 * its own hardhat node (one node serves one chain id) with its own chain id, confirmations, native coin
 * and test tokens where the real coins live: USDT and USDC on both, BUSD on BNB Smart Chain. The
 * embedded start (embedded-chain.ts) runs them with the first chain, and a test runs one the same way.
 * The chain ids follow hardhat's 31337 so no public network's id is taken by a local one.
 */

export interface DevTokenSpec {
  readonly asset: string;
  readonly decimals: number;
  readonly minDeposit: string;
}

export interface DevNetworkSpec {
  readonly key: string;
  readonly name: string;
  readonly chainId: number;
  readonly confirmations: number;
  readonly tokenStandard: string;
  readonly native: { readonly asset: string; readonly minDeposit: string };
  /** The network's tokens; a network's USDT reuses the first chain's test USDT (6 decimals). */
  readonly tokens: readonly DevTokenSpec[];
}

/** The test tokens the development Ethereum gets beside its test USDT (startDevChain's). */
export const ETHEREUM_DEV_TOKENS: readonly DevTokenSpec[] = [
  { asset: 'USDC', decimals: 6, minDeposit: '1' },
  { asset: 'BUSD', decimals: 18, minDeposit: '1' },
];

/**
 * The other networks: fewer confirmations than the real ones (15 and 128) so a demo deposit credits
 * within seconds at the embedded block time, but each its own, as a configured chain's would be. On BNB
 * Smart Chain USDC and BUSD keep 18 decimals, as the real ones there do (the decimals a token has are
 * read from the settings everywhere, never assumed).
 */
export const DEV_NETWORKS: readonly DevNetworkSpec[] = [
  {
    key: 'bsc',
    name: 'BNB Smart Chain',
    chainId: 31_338,
    confirmations: 5,
    tokenStandard: 'BEP-20',
    native: { asset: 'BNB', minDeposit: '0.01' },
    tokens: [
      { asset: 'USDT', decimals: 6, minDeposit: '1' },
      { asset: 'USDC', decimals: 18, minDeposit: '1' },
      { asset: 'BUSD', decimals: 18, minDeposit: '1' },
    ],
  },
  {
    key: 'polygon',
    name: 'Polygon',
    chainId: 31_339,
    confirmations: 6,
    tokenStandard: 'ERC-20',
    native: { asset: 'MATIC', minDeposit: '0.1' },
    tokens: [
      { asset: 'USDT', decimals: 6, minDeposit: '1' },
      { asset: 'USDC', decimals: 6, minDeposit: '1' },
    ],
  },
];

/** The test token's interface: the test USDT's, with the constructor that names the coin. */
export const TEST_TOKEN_ABI = parseAbi([
  'constructor(string name_, string symbol_, uint8 decimals_)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function mint(address to, uint256 value)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/** Deploys a test token (`Test <asset>`) from the development funder; its contract, checksummed. */
export async function deployTestToken(rpcUrl: string, chainId: number, spec: DevTokenSpec): Promise<Address> {
  const chain = devChainDefinition(rpcUrl, chainId);
  const transport = http(rpcUrl);
  const wallet = createWalletClient({ account: devFunder(), chain, transport });
  const client = createPublicClient({ chain, transport });
  const hash = await wallet.deployContract({
    abi: TEST_TOKEN_ABI,
    bytecode: compileSolidity('TestToken', TEST_TOKEN_SOURCE),
    args: [`Test ${spec.asset}`, spec.asset, spec.decimals],
  });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (!receipt.contractAddress) throw new Error(`the test ${spec.asset} was not deployed`);
  return getAddress(receipt.contractAddress);
}

/** Deploys `specs` one after another (one funder, one nonce), as tokens with the minimum in ledger units. */
export async function deployTestTokens(
  rpcUrl: string,
  chainId: number,
  specs: readonly DevTokenSpec[],
  minor: (asset: string, text: string) => bigint,
): Promise<ChainToken[]> {
  const tokens: ChainToken[] = [];
  for (const spec of specs)
    tokens.push({
      asset: spec.asset,
      contract: await deployTestToken(rpcUrl, chainId, spec),
      decimals: spec.decimals,
      minDeposit: minor(spec.asset, spec.minDeposit),
    });
  return tokens;
}

export interface DevNetwork {
  readonly chain: DevChain;
  readonly settings: ChainSettings;
}

/**
 * Starts one network's node and its tokens: its USDT is the node's own test USDT (startDevChain), the
 * others are deployed here. `minor` reads a minimum into the asset's ledger units.
 */
export async function startDevNetwork(
  spec: DevNetworkSpec,
  options: {
    blockMs?: number;
    log?: (line: string) => void;
    minor: (asset: string, text: string) => bigint;
  },
): Promise<DevNetwork> {
  const chain = await startDevChain({ chainId: spec.chainId, blockMs: options.blockMs, log: options.log });
  try {
    const others = spec.tokens.filter((token) => token.asset !== 'USDT');
    const usdt = spec.tokens.find((token) => token.asset === 'USDT');
    const tokens: ChainToken[] = [
      {
        asset: spec.native.asset,
        contract: null,
        decimals: 18,
        minDeposit: options.minor(spec.native.asset, spec.native.minDeposit),
      },
      ...(usdt
        ? [
            {
              asset: 'USDT',
              contract: chain.usdt,
              decimals: 6,
              minDeposit: options.minor('USDT', usdt.minDeposit),
            },
          ]
        : []),
      ...(await deployTestTokens(chain.rpcUrl, spec.chainId, others, options.minor)),
    ];
    return {
      chain,
      settings: {
        key: spec.key,
        name: spec.name,
        chainId: spec.chainId,
        rpcUrl: chain.rpcUrl,
        confirmations: spec.confirmations,
        explorerUrl: null,
        tokenStandard: spec.tokenStandard,
        tokens,
      },
    };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}
