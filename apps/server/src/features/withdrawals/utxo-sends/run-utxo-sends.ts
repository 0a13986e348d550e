import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { utxoBatches, withdrawals } from '../../../db/schema';
import { type BitcoinRpc, BitcoinRpcError } from '../../../platform/chain/bitcoin/bitcoin-rpc';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import { finishUtxoBatch } from './finish-utxo-batch';
import { prepareUtxoBatch } from './prepare-utxo-batch';
import { broadcastUtxoBatch, signUtxoBatch, type UtxoBatchRow } from './send-utxo-batch';
import type { UtxoDeps } from './utxo-deps';
import { feeRateOf, spendablesOf } from './utxo-wallet';

/** Bitcoin Core's 'No such mempool or blockchain transaction'. */
const NOT_FOUND = -5;

const openBatches = (deps: UtxoDeps, chain: string): Promise<UtxoBatchRow[]> =>
  deps.db
    .select()
    .from(utxoBatches)
    .where(and(eq(utxoBatches.chain, chain), ne(utxoBatches.status, 'CONFIRMED')))
    .orderBy(asc(utxoBatches.createdAt));

/** How deep a batch's transaction is: 0 in the mempool, null when the node does not know it. */
async function depthOf(rpc: BitcoinRpc, txid: string): Promise<number | null> {
  try {
    const tx = await rpc.call<{ confirmations?: number }>('getrawtransaction', [txid, true]);
    return tx.confirmations ?? 0;
  } catch (error) {
    if (error instanceof BitcoinRpcError && error.code === NOT_FOUND) return null;
    throw error;
  }
}

/**
 * One tick of a Bitcoin-family chain's withdrawals (issue 47), on the scheduled-job leader:
 *
 * 1. every open batch is carried on from where it stopped: SIGNING is signed and stored, SIGNED is
 *    broadcast from its stored bytes, BROADCAST is read by txid: mined the chain's confirmations deep it
 *    ends (finishUtxoBatch); not in a block (a reorganisation took it, or a node forgot it) its stored
 *    bytes are broadcast again;
 * 2. only when every open batch is in a block (its inputs gone from the UTXO set and its change in it)
 *    is a new batch built from the APPROVED withdrawals, signed, stored and broadcast, so two batches
 *    never spend one output.
 */
export async function runUtxoSends(deps: UtxoDeps, chain: ChainSettings, rpc: BitcoinRpc): Promise<void> {
  const mined = new Set<string>();
  for (let batch of await openBatches(deps, chain.key)) {
    if (batch.status === 'SIGNING') {
      await signUtxoBatch(deps, chain, batch);
      batch = (await deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, batch.id)))[0]!;
    }
    if (batch.status === 'SIGNED') {
      await broadcastUtxoBatch(deps, chain, rpc, batch);
      continue;
    }
    if (batch.status !== 'BROADCAST' || !batch.txid) continue;
    const depth = await depthOf(rpc, batch.txid);
    if (depth !== null && depth >= chain.confirmations) {
      await finishUtxoBatch(deps, chain, batch.id);
      continue;
    }
    if (depth !== null && depth > 0) mined.add(batch.id);
    else await broadcastUtxoBatch(deps, chain, rpc, batch);
  }
  if (!deps.signer?.signBitcoinBatch) return;
  const [waiting] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'APPROVED'),
        eq(withdrawals.method, 'chain'),
        eq(withdrawals.chain, chain.key),
      ),
    );
  if (!waiting?.n) return;
  const spendable = await spendablesOf(deps.db, rpc, chain);
  const feeRate = await feeRateOf(rpc);
  const id = await prepareUtxoBatch(deps, chain, spendable, feeRate, mined);
  if (!id) return;
  const [prepared] = await deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, id));
  await signUtxoBatch(deps, chain, prepared!);
  const [signed] = await deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, id));
  await broadcastUtxoBatch(deps, chain, rpc, signed!);
}
