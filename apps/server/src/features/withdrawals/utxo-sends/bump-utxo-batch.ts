import { ok, type Result, reject } from '@exchange/domain';
import { eq, sql } from 'drizzle-orm';
import { utxoBatches, utxoBatchWithdrawals } from '../../../db/schema';
import { type BitcoinRpc, toSats } from '../../../platform/chain/bitcoin/bitcoin-rpc';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import { type FeeBumpPlanRefusal, planFeeBump } from './plan-fee-bump';
import { broadcastUtxoBatch, signUtxoBatch } from './send-utxo-batch';
import type { UtxoDeps } from './utxo-deps';
import { depthOf } from './utxo-depth';
import { changeAddressOf, feeRateOf } from './utxo-wallet';

/**
 * Why a batch was not replaced: it is not waiting in the mempool (already being replaced, not yet
 * broadcast, or confirmed), it is already in a block, or its change cannot pay more (planFeeBump).
 */
export type FeeBumpRefusal = 'not_broadcast' | 'already_mined' | FeeBumpPlanRefusal;

export interface FeeBumpStored {
  readonly batchId: string;
  readonly replacedTxid: string;
  readonly feeSats: bigint;
  readonly feeRate: number;
}

/** The node's incremental relay fee (getnetworkinfo, coins per 1,000 vbytes) in the smallest unit. */
async function incrementalFeeOf(rpc: BitcoinRpc): Promise<bigint> {
  const info = await rpc.call<{ incrementalfee?: number | string }>('getnetworkinfo');
  return info.incrementalfee === undefined ? 1000n : toSats(info.incrementalfee);
}

/**
 * The first half of a fee bump (issue 47, replace-by-fee): a BROADCAST batch not yet in a block is,
 * under its row lock, given a replacement PSBT (planFeeBump) and put back to SIGNING, its txid appended
 * to replaced_txids and what that version paid to replaced_fees, in ONE database transaction. Two bumps
 * at once: the second waits for the lock and finds the batch SIGNING, so there is one replacement.
 * From here the replacement goes the way every batch goes (signUtxoBatch, then broadcastUtxoBatch:
 * signed by the signer, stored, then sent), so a crash at any point is carried on by the next tick.
 * A refusal is written to fee_bump_refusal, for the admin.
 */
export async function storeFeeBump(
  deps: UtxoDeps,
  chain: ChainSettings,
  rpc: BitcoinRpc,
  batchId: string,
): Promise<Result<FeeBumpStored, FeeBumpRefusal>> {
  const [seen] = await deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, batchId));
  if (seen?.status !== 'BROADCAST' || !seen.txid || seen.chain !== chain.key) return reject('not_broadcast');
  const depth = await depthOf(rpc, seen.txid);
  if (depth !== null && depth > 0) return reject('already_mined');
  const replaced = seen.txid;
  const targetRate = await feeRateOf(rpc);
  const incrementalPerKvb = await incrementalFeeOf(rpc);
  return deps.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(utxoBatches).where(eq(utxoBatches.id, batchId)).for('update');
    // The txid read before the lock must still be the current one: otherwise another bump got there first.
    if (batch?.status !== 'BROADCAST' || batch.txid !== replaced) return reject('not_broadcast');
    const [links] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(utxoBatchWithdrawals)
      .where(eq(utxoBatchWithdrawals.batchId, batchId));
    const plan = planFeeBump({
      networkPrefix: chain.bitcoin!.networkPrefix,
      psbt: batch.psbt,
      inputPaths: batch.inputPaths,
      payments: links?.n ?? 0,
      changeAddress: changeAddressOf(chain),
      oldFee: BigInt(batch.feeSats),
      targetRate,
      incrementalPerKvb,
    });
    const now = deps.clock.now();
    if (!plan.ok) {
      await tx
        .update(utxoBatches)
        .set({ feeBumpRefusal: plan.code, updatedAt: now })
        .where(eq(utxoBatches.id, batchId));
      return plan;
    }
    await tx
      .update(utxoBatches)
      .set({
        status: 'SIGNING',
        psbt: plan.value.psbt,
        rawTx: null,
        txid: null,
        feeSats: plan.value.feeSats.toString(),
        feeRate: plan.value.feeRate,
        replacedTxids: [...batch.replacedTxids, replaced],
        replacedFees: [...batch.replacedFees, batch.feeSats],
        feeBumpRefusal: null,
        updatedAt: now,
      })
      .where(eq(utxoBatches.id, batchId));
    deps.logger.info(
      { chain: chain.key, batch: batchId, replaced, fee: plan.value.feeSats.toString() },
      'utxo batch: a replacement with a higher fee is stored',
    );
    return ok({
      batchId,
      replacedTxid: replaced,
      feeSats: plan.value.feeSats,
      feeRate: plan.value.feeRate,
    });
  });
}

/**
 * A whole fee bump: the replacement stored (storeFeeBump), then signed by the signer and stored, then
 * broadcast, each step the one a tick would take. Answers what was stored, or why nothing was.
 */
export async function bumpUtxoBatch(
  deps: UtxoDeps,
  chain: ChainSettings,
  rpc: BitcoinRpc,
  batchId: string,
): Promise<Result<FeeBumpStored, FeeBumpRefusal>> {
  const stored = await storeFeeBump(deps, chain, rpc, batchId);
  if (!stored.ok) return stored;
  const [signing] = await deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, batchId));
  await signUtxoBatch(deps, chain, signing!);
  const [signed] = await deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, batchId));
  await broadcastUtxoBatch(deps, chain, rpc, signed!);
  return stored;
}
