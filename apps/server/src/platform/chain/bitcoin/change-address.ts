import type { ChainSettings } from '../chain-config';
import { segwitAddressAt } from './bitcoin-addresses';
import { CHANGE_PATH } from './bitcoin-signer';

/**
 * A Bitcoin-family chain's internal address (m/84'/c'/0'/1/0, issue 47), where every withdrawal batch's
 * change goes: derived from the account xpub, so the web process knows it without a key. The solvency
 * panel counts it as the chain's hot wallet.
 */
export function changeAddressOf(chain: ChainSettings): string {
  if (!chain.bitcoin) throw new Error(`chain ${chain.key} is not of the Bitcoin family`);
  const [change, index] = CHANGE_PATH.split('/').map(Number);
  return segwitAddressAt(chain.bitcoin.xpub, index!, chain.bitcoin.networkPrefix, change!);
}
