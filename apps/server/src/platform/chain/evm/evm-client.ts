import { type Address, type Chain, createPublicClient, erc20Abi, http, type PublicClient } from 'viem';
import type { ChainSettings, ChainToken } from '../chain-config';

/** One viem client per configured chain: the same EVM adapter for any chain, by its settings. */
export function chainClient(settings: ChainSettings): PublicClient {
  const chain: Chain = {
    id: settings.chainId,
    name: settings.name,
    nativeCurrency: {
      name: settings.tokens[0]?.asset ?? 'ETH',
      symbol: settings.tokens[0]?.asset ?? 'ETH',
      decimals: 18,
    },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  };
  return createPublicClient({ chain, transport: http(settings.rpcUrl, { retryCount: 1, timeout: 10_000 }) });
}

/**
 * What `address` holds of a coin, in the chain's units: the native balance, or the token's balanceOf;
 * at `blockNumber` when given (the reconciliation reads every balance at one block), else the latest.
 */
export function coinBalance(
  client: PublicClient,
  token: ChainToken,
  address: Address,
  blockNumber?: bigint,
): Promise<bigint> {
  return token.contract
    ? client.readContract({
        address: token.contract as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
        blockNumber,
      })
    : client.getBalance({ address, blockNumber });
}
