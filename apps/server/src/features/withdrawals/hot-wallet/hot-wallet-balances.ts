import { type AssetCode, getAsset, minorToChainAmount } from '@exchange/domain';
import type { ChainToken } from '../../../platform/chain/chain-config';

/** An amount in the coin's minor units as the chain counts it (wei, a token's smallest unit). */
export function coinUnits(token: ChainToken, minor: bigint): bigint {
  return minorToChainAmount(minor, token.decimals, getAsset(token.asset as AssetCode).scale);
}
