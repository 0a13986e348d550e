import type { AssetCode } from '../assets';
import { type SystemAccountKey, systemAccount } from '../ledger/accounts';

/**
 * The ledger accounts of one chain (issues 37 and 38). Custody is the coins the product holds on that
 * chain (deposit addresses and the hot wallet), network fees what the house paid that chain in gas.
 * Every feature that moves coins on a chain names its accounts through these two functions: each is
 * its own ledger account per chain and asset (the key's scope is the chain's key), so USDT held on
 * Ethereum and USDT held on another chain are kept apart and each chain reconciles on its own.
 */
export function custodyAccount(chain: string, asset: AssetCode): SystemAccountKey {
  return systemAccount('CHAIN_CUSTODY', asset, chain);
}

export function networkFeeAccount(chain: string, asset: AssetCode): SystemAccountKey {
  return systemAccount('NETWORK_FEES', asset, chain);
}
