import type { BitcoinRpc } from './bitcoin-rpc';
import { BitcoinRpcError, toSats } from './bitcoin-rpc';

/**
 * What the Bitcoin-family adapter reads of a node's blocks and transactions (Bitcoin Core's RPC:
 * getblockcount, getblockhash, getblock at verbosity 2, getrawtransaction). Amounts come in the
 * smallest unit, read from the node's own text (bitcoin-rpc.ts).
 */

/** One output of a transaction: its place (vout), the address it pays (when it has one) and its amount. */
export interface BitcoinOutput {
  readonly vout: number;
  readonly address: string | null;
  readonly sats: bigint;
}

export interface BitcoinTx {
  readonly txid: string;
  readonly outputs: readonly BitcoinOutput[];
}

export interface BitcoinBlock {
  readonly number: bigint;
  readonly hash: string;
  readonly txs: readonly BitcoinTx[];
}

interface RawVout {
  n: number;
  value: string;
  scriptPubKey: { address?: string; addresses?: string[] };
}
interface RawTx {
  txid: string;
  vout: RawVout[];
  blockhash?: string;
  confirmations?: number;
}

/** Bitcoin Core's code for "no such transaction" (RPC_INVALID_ADDRESS_OR_KEY). */
const NOT_FOUND = -5;

function outputsOf(tx: RawTx): BitcoinOutput[] {
  return tx.vout.map((out) => ({
    vout: out.n,
    // Bitcoin Core 22 writes `address`; 0.21 (and Litecoin Core 0.21) a list `addresses` of one.
    address: out.scriptPubKey.address ?? out.scriptPubKey.addresses?.[0] ?? null,
    sats: toSats(out.value),
  }));
}

export function latestBlockNumber(rpc: BitcoinRpc): Promise<bigint> {
  return rpc.call<number>('getblockcount').then(BigInt);
}

/** The hash of the chain's block at a height; undefined past the head. */
export async function blockHashAt(rpc: BitcoinRpc, number: bigint): Promise<string | undefined> {
  try {
    return await rpc.call<string>('getblockhash', [Number(number)]);
  } catch (error) {
    // -8: the height is out of range (past the head).
    if (error instanceof BitcoinRpcError && error.code === -8) return undefined;
    throw error;
  }
}

/** A block with its transactions' outputs (getblock at verbosity 2: one call per block). */
export async function blockAt(rpc: BitcoinRpc, number: bigint): Promise<BitcoinBlock | undefined> {
  const hash = await blockHashAt(rpc, number);
  if (!hash) return undefined;
  const block = await rpc.call<{ hash: string; height: number; tx: RawTx[] }>('getblock', [hash, 2]);
  return {
    number: BigInt(block.height),
    hash: block.hash,
    txs: block.tx.map((tx) => ({ txid: tx.txid, outputs: outputsOf(tx) })),
  };
}

/**
 * Where a transaction is now (getrawtransaction, which needs the node's -txindex): its block's hash
 * and height when mined on the node's main chain, 'MEMPOOL' when waiting there, 'ABSENT' when it is in
 * neither (a reorganisation removed it and a conflicting transaction took its inputs).
 */
export async function transactionPlace(
  rpc: BitcoinRpc,
  txid: string,
): Promise<{ tx: BitcoinTx; block: { hash: string; number: bigint } | 'MEMPOOL' } | 'ABSENT'> {
  let raw: RawTx;
  try {
    raw = await rpc.call<RawTx>('getrawtransaction', [txid, true]);
  } catch (error) {
    if (error instanceof BitcoinRpcError && error.code === NOT_FOUND) return 'ABSENT';
    throw error;
  }
  const tx = { txid: raw.txid, outputs: outputsOf(raw) };
  if (raw.blockhash && raw.confirmations && raw.confirmations > 0) {
    const header = await rpc.call<{ height: number; confirmations: number }>('getblockheader', [
      raw.blockhash,
    ]);
    if (header.confirmations > 0)
      return { tx, block: { hash: raw.blockhash, number: BigInt(header.height) } };
  }
  // Not on the main chain (the index may still name a block a reorganisation took away): waiting in
  // the mempool to be mined again, or gone (a conflicting transaction spent its inputs).
  try {
    await rpc.call('getmempoolentry', [txid]);
    return { tx, block: 'MEMPOOL' };
  } catch (error) {
    if (error instanceof BitcoinRpcError && error.code === NOT_FOUND) return 'ABSENT';
    throw error;
  }
}
