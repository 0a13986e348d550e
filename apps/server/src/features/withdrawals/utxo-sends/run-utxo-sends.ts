import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { utxoBatches, withdrawals } from '../../../db/schema';
import type { BitcoinRpc } from '../../../platform/chain/bitcoin/bitcoin-rpc';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import { bumpUtxoBatch } from './bump-utxo-batch';
import { finishUtxoBatch } from './finish-utxo-batch';
import { prepareUtxoBatch } from './prepare-utxo-batch';
import { broadcastUtxoBatch, signUtxoBatch, type UtxoBatchRow } from './send-utxo-batch';
import type { UtxoDeps } from './utxo-deps';
import { depthOf } from './utxo-depth';
import { feeRateOf, spendablesOf } from './utxo-wallet';

const openBatches = (deps: UtxoDeps, chain: string): Promise<UtxoBatchRow[]> =>
  deps.db
    .select()
    .from(utxoBatches)
    .where(and(eq(utxoBatches.chain, chain), ne(utxoBatches.status, 'CONFIRMED')))
    .orderBy(asc(utxoBatches.createdAt));

/** An earlier version of a replaced batch that is in a block, and how deep. */
async function minedEarlierVersion(
  rpc: BitcoinRpc,
  batch: UtxoBatchRow,
): Promise<{ txid: string; depth: number } | null> {
  for (const txid of batch.replacedTxids) {
    const depth = await depthOf(rpc, txid);
    if (depth !== null && depth > 0) return { txid, depth };
  }
  return null;
}

/** Whether a broadcast batch has waited out of a block long enough to be replaced with a higher fee. */
function dueForBump(deps: UtxoDeps, batch: UtxoBatchRow): boolean {
  const after = deps.feeBumpAfterMs ?? 0;
  if (after <= 0 || !batch.broadcastAt) return false;
  return deps.clock.now().getTime() - batch.broadcastAt.getTime() >= after;
}

/**
 * One tick of a Bitcoin-family chain's withdrawals (issue 47), on the scheduled-job leader:
 *
 * 1. every open batch is carried on from where it stopped: SIGNING is signed and stored, SIGNED is
 *    broadcast from its stored bytes, BROADCAST is read by txid: mined the chain's confirmations deep it
 *    ends (finishUtxoBatch); not in a block (a reorganisation took it, or a node forgot it) its stored
 *    bytes are broadcast again;
 *    A batch replaced by a fee bump is first read by its earlier txids: one of them in a block is the
 *    version that counts (ended by it once deep enough; its replacement, even stored and signed, is
 *    never sent). A BROADCAST batch still out of a block `feeBumpAfterMs` after its broadcast is
 *    replaced with a higher fee (bumpUtxoBatch);
 * 2. only when every open batch is in a block (its inputs gone from the UTXO set and its change in it)
 *    is a new batch built from the APPROVED withdrawals, signed, stored and broadcast, so two batches
 *    never spend one output.
 */
export async function runUtxoSends(deps: UtxoDeps, chain: ChainSettings, rpc: BitcoinRpc): Promise<void> {
  const mined = new Set<string>();
  for (let batch of await openBatches(deps, chain.key)) {
    const earlier = await minedEarlierVersion(rpc, batch);
    if (earlier) {
      if (earlier.depth >= chain.confirmations) await finishUtxoBatch(deps, chain, batch.id, earlier.txid);
      else mined.add(batch.id);
      continue;
    }
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
    else if (dueForBump(deps, batch)) await bumpUtxoBatch(deps, chain, rpc, batch.id);
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
