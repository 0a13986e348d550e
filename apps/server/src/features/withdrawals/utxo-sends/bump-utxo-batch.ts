import { ok, type Result, reject } from '@exchange/domain';
import { eq, sql } from 'drizzle-orm';
import { utxoBatches, utxoBatchWithdrawals } from '../../../db/schema';
import { type BitcoinRpc, toSats } from '../../../platform/chain/bitcoin/bitcoin-rpc';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import { recordAdminAction } from '../../audit/record-admin-action';
import { type FeeBumpPlan, type FeeBumpPlanRefusal, planFeeBump } from './plan-fee-bump';
import { broadcastUtxoBatch, signUtxoBatch, type UtxoBatchRow } from './send-utxo-batch';
import { replacedFeeRatesOf } from './utxo-batch-version';
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
 * to replaced_txids, what that version paid to replaced_fees and its rate to replaced_fee_rates, in ONE
 * database transaction. Two bumps at once: the second waits for the lock and finds the batch SIGNING,
 * so there is one replacement.
 * From here the replacement goes the way every batch goes (signUtxoBatch, then broadcastUtxoBatch:
 * signed by the signer, stored, then sent), so a crash at any point is carried on by the next tick.
 * A refusal is written to fee_bump_refusal, for the admin.
 */
export async function storeFeeBump(
  deps: UtxoDeps,
  chain: ChainSettings,
  rpc: BitcoinRpc,
  batchId: string,
  byAdmin?: string,
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
        replacedFeeRates: [...replacedFeeRatesOf(batch), batch.feeRate],
        feeBumpRefusal: null,
        updatedAt: now,
      })
      .where(eq(utxoBatches.id, batchId));
    // An admin's speed-up is audited in the same transaction as the replacement it stored.
    if (byAdmin)
      await recordAdminAction(tx, {
        adminId: byAdmin,
        action: 'UTXO_BATCH_SPED_UP',
        details: {
          batch: batchId,
          chain: chain.key,
          replaced,
          old_fee: batch.feeSats,
          fee: plan.value.feeSats.toString(),
          fee_rate: plan.value.feeRate,
        },
      });
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
  byAdmin?: string,
): Promise<Result<FeeBumpStored, FeeBumpRefusal>> {
  // Without a signer a stored replacement could never be signed: nothing is stored (a chain without
  // one has no batches, since its withdrawals are refused).
  if (!deps.signer?.signBitcoinBatch) throw new Error(`chain ${chain.key}: no signer signs Bitcoin batches`);
  const stored = await storeFeeBump(deps, chain, rpc, batchId, byAdmin);
  if (!stored.ok) return stored;
  const [signing] = await deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, batchId));
  await signUtxoBatch(deps, chain, signing!);
  const [signed] = await deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, batchId));
  await broadcastUtxoBatch(deps, chain, rpc, signed!);
  return stored;
}

/**
 * What a speed-up of a BROADCAST batch would pay now (the admin's confirmation shows it), or why it
 * cannot be made; nothing is stored. The bump itself plans again under the row lock.
 */
export async function previewFeeBump(
  chain: ChainSettings,
  rpc: BitcoinRpc,
  batch: UtxoBatchRow,
  payments: number,
): Promise<Result<FeeBumpPlan, FeeBumpRefusal>> {
  if (batch.status !== 'BROADCAST' || !batch.txid) return reject('not_broadcast');
  const depth = await depthOf(rpc, batch.txid);
  if (depth !== null && depth > 0) return reject('already_mined');
  return planFeeBump({
    networkPrefix: chain.bitcoin!.networkPrefix,
    psbt: batch.psbt,
    inputPaths: batch.inputPaths,
    payments,
    changeAddress: changeAddressOf(chain),
    oldFee: BigInt(batch.feeSats),
    targetRate: await feeRateOf(rpc),
    incrementalPerKvb: await incrementalFeeOf(rpc),
  });
}
