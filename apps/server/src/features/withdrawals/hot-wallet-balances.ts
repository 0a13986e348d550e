import { type AssetCode, getAsset, minorToChainAmount } from '@exchange/domain';
import { type Address, erc20Abi, type PublicClient } from 'viem';
import type { ChainToken } from '../../platform/chain-config';

/** An amount in the coin's minor units as the chain counts it (wei, a token's smallest unit). */
export function coinUnits(token: ChainToken, minor: bigint): bigint {
  return minorToChainAmount(minor, token.decimals, getAsset(token.asset as AssetCode).scale);
}

/** What the hot wallet holds of a coin, read from the chain: the native balance, or the token's balanceOf. */
export async function readHotWalletBalance(
  client: PublicClient,
  token: ChainToken,
  hot: Address,
): Promise<bigint> {
  if (!token.contract) return client.getBalance({ address: hot });
  return client.readContract({
    address: token.contract as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [hot],
  });
}
