import type { AssetCode } from '../assets';
import { type SystemAccountKey, systemAccount } from '../ledger/accounts';

/**
 * The ledger accounts of one chain (issues 37 and 38). Custody is the coins the product holds on that
 * chain (deposit addresses and the hot wallet), network fees what the house paid that chain in gas.
 * Every feature that moves coins on a chain names its accounts through these two functions, so the
 * accounts are per chain and asset wherever the ledger keeps them apart.
 */
export function custodyAccount(_chain: string, asset: AssetCode): SystemAccountKey {
  return systemAccount('CHAIN_CUSTODY', asset);
}

export function networkFeeAccount(_chain: string, asset: AssetCode): SystemAccountKey {
  return systemAccount('NETWORK_FEES', asset);
}
