import { Transaction } from '@scure/btc-signer';
import { and, eq } from 'drizzle-orm';
import { utxoBatches } from '../../../db/schema';
import { type BitcoinRpc, BitcoinRpcError } from '../../../platform/chain/bitcoin/bitcoin-rpc';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import { batchWithdrawals } from './prepare-utxo-batch';
import type { UtxoDeps } from './utxo-deps';
import { coinUnitsOf } from './utxo-units';

export type UtxoBatchRow = typeof utxoBatches.$inferSelect;

/**
 * Sign, store, broadcast (issue 47). The stored PSBT of a SIGNING batch goes to the signer with its
 * inputs' paths and the payments its withdrawals make (read here from the database; the signer checks
 * the outputs are exactly those and the change its own); the signed bytes and txid are committed
 * (SIGNED) before anything is broadcast. A crash before that commit signs the same PSBT again, which
 * can only give the same transaction (the same inputs, so never a second transfer); after it, the
 * stored bytes are broadcast and the signer is never asked again.
 */
export async function signUtxoBatch(
  deps: UtxoDeps,
  chain: ChainSettings,
  batch: UtxoBatchRow,
): Promise<void> {
  if (!deps.signer?.signBitcoinBatch) throw new Error(`chain ${chain.key}: no signer signs Bitcoin batches`);
  const rows = await batchWithdrawals(deps, batch.id);
  const raw = await deps.signer.signBitcoinBatch({
    chain: chain.key,
    batchId: batch.id,
    networkPrefix: chain.bitcoin!.networkPrefix,
    coinType: chain.bitcoin!.coinType,
    psbt: batch.psbt,
    inputPaths: batch.inputPaths,
    payments: rows.map((row) => ({ address: row.destination, sats: coinUnitsOf(row) })),
  });
  const txid = Transaction.fromRaw(Buffer.from(raw, 'hex'), { allowUnknownOutputs: true }).id;
  await deps.db
    .update(utxoBatches)
    .set({ status: 'SIGNED', rawTx: raw, txid, updatedAt: deps.clock.now() })
    .where(and(eq(utxoBatches.id, batch.id), eq(utxoBatches.status, 'SIGNING')));
}

/** Node answers that mean the transaction is already where it should be (mempool or a block). */
const ALREADY_THERE =
  /already in (the )?block ?chain|already known|txn-already-in-mempool|txn-already-known/i;

/**
 * Hands the stored bytes to the node (first time, after a crash, or after a reorganisation took its
 * block) and marks the batch BROADCAST from its first hand-over. A refusal other than 'already there'
 * is logged and tried again next tick: the bytes stay valid until their inputs are spent, and a
 * refused replacement may be taken once the version it replaces leaves the mempool.
 */
export async function broadcastUtxoBatch(
  deps: UtxoDeps,
  chain: ChainSettings,
  rpc: BitcoinRpc,
  batch: UtxoBatchRow,
): Promise<void> {
  if (!batch.rawTx) return;
  try {
    await rpc.call<string>('sendrawtransaction', [batch.rawTx]);
  } catch (error) {
    if (!(error instanceof BitcoinRpcError) || !ALREADY_THERE.test(error.message))
      await noteRefusal(deps, chain, batch, error);
  }
  if (batch.status === 'SIGNED')
    await deps.db
      .update(utxoBatches)
      .set({ status: 'BROADCAST', broadcastAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .where(and(eq(utxoBatches.id, batch.id), eq(utxoBatches.status, 'SIGNED')));
}

/**
 * A refusal of the node. A refused replacement (a fee bump) is shown to the admin with the node's words
 * (fee_bump_refusal); the earlier versions stay watched, so whichever the chain takes still ends the
 * batch. It is re-sent every tick while out of a block, and the node mostly refuses it in the same
 * words: those are logged at warn and written once, when they change, and at debug after that, so a
 * stuck replacement neither floods the log nor writes its row every tick.
 */
async function noteRefusal(deps: UtxoDeps, chain: ChainSettings, batch: UtxoBatchRow, error: unknown) {
  const log = { err: error, chain: chain.key, batch: batch.id };
  if (batch.replacedTxids.length === 0 || !(error instanceof BitcoinRpcError)) {
    deps.logger.warn(log, 'utxo batch: the node refused it');
    return;
  }
  const refusal = `node_refused: ${error.message.slice(0, 200)}`;
  if (refusal === batch.feeBumpRefusal) {
    deps.logger.debug(log, 'utxo batch: the node refused it again, in the same words');
    return;
  }
  deps.logger.warn(log, 'utxo batch: the node refused it');
  await deps.db
    .update(utxoBatches)
    .set({ feeBumpRefusal: refusal, updatedAt: deps.clock.now() })
    .where(eq(utxoBatches.id, batch.id));
}
