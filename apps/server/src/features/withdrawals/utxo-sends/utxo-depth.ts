import { type BitcoinRpc, BitcoinRpcError } from '../../../platform/chain/bitcoin/bitcoin-rpc';

/** Bitcoin Core's 'No such mempool or blockchain transaction'. */
const NOT_FOUND = -5;

/** How deep a batch's transaction is: 0 in the mempool, null when the node does not know it. */
export async function depthOf(rpc: BitcoinRpc, txid: string): Promise<number | null> {
  try {
    const tx = await rpc.call<{ confirmations?: number }>('getrawtransaction', [txid, true]);
    return tx.confirmations ?? 0;
  } catch (error) {
    if (error instanceof BitcoinRpcError && error.code === NOT_FOUND) return null;
    throw error;
  }
}
