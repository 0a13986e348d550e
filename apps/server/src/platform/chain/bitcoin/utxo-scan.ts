import { type BitcoinRpc, BitcoinRpcError } from './bitcoin-rpc';

/**
 * One scantxoutset (Bitcoin Core runs one UTXO scan at a time per node): a scan asked while another
 * runs ('Scan already in progress': the solvency panel reading the deposit addresses and the internal
 * address together, or the withdrawal sender beside it) waits for it and asks again.
 */
export async function scanUtxoSet<T>(rpc: BitcoinRpc, descriptors: readonly string[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await rpc.call<T>('scantxoutset', ['start', descriptors]);
    } catch (error) {
      if (attempt >= 150 || !(error instanceof BitcoinRpcError) || !/in progress/i.test(error.message))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
