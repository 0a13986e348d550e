import type { ChainSettings, ChainToken } from '../chain-config';
import type { ChainNode } from '../chain-node';
import { latestBlockNumber } from './bitcoin-blocks';
import { type BitcoinRpc, toSats } from './bitcoin-rpc';
import { scanUtxoSet } from './utxo-scan';

/** Addresses scanned in one scantxoutset (each is a descriptor the node matches in one pass). */
const SCAN_BATCH = 500;

/**
 * What a set of addresses holds, from the node's UTXO set (scantxoutset over addr() descriptors: no
 * wallet, no index beyond the chain state). The UTXO set is the head's only: asked at a block, the
 * answer must be of that block, else the read fails and the caller reads again (the solvency panel
 * shows the chain Unavailable for that read rather than figures of two different blocks).
 */
async function totalOf(rpc: BitcoinRpc, addresses: readonly string[], atBlock?: bigint): Promise<bigint> {
  let total = 0n;
  for (let start = 0; start < addresses.length; start += SCAN_BATCH) {
    const descriptors = addresses.slice(start, start + SCAN_BATCH).map((address) => `addr(${address})`);
    const scan = await scanUtxoSet<{ success: boolean; height: number; total_amount: string }>(
      rpc,
      descriptors,
    );
    if (!scan.success) throw new Error('bitcoin node: the UTXO scan did not finish');
    if (atBlock !== undefined && BigInt(scan.height) !== atBlock)
      throw new Error(`bitcoin node: the UTXO set is at block ${scan.height}, not ${atBlock}`);
    total += toSats(scan.total_amount);
  }
  return total;
}

/**
 * The Bitcoin family's node (chain-node.ts's port) over Bitcoin Core's JSON-RPC. A chain has one coin,
 * its native one, so `token` only names it. Nothing of the product's own is sent on these chains yet
 * (no withdrawals), so nothing is in flight.
 */
export function bitcoinNode(_settings: ChainSettings, rpc: BitcoinRpc): ChainNode {
  return {
    family: 'bitcoin',
    latestBlock: () => latestBlockNumber(rpc),
    balanceOf: (_token: ChainToken, address, atBlock) => totalOf(rpc, [address], atBlock),
    totalOf: (_token, addresses, atBlock) => totalOf(rpc, addresses, atBlock),
    paidOutAt: async () => new Map(),
  };
}
