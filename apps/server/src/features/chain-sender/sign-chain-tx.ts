import { NATIVE_TRANSFER_GAS } from '@exchange/domain';
import type { Address, Hex } from 'viem';
import {
  type ChainTxRow,
  hasUnbroadcast,
  highestOpenNonce,
  lockAddressNonce,
  lockRow,
  moveRow,
} from './chain-sender.repository';
import { type SenderRun, signRow } from './sender-run';

/** Gas of a call whose estimate fails (it may revert, or its sender may lack gas: the node says which). */
const FALLBACK_CALL_GAS = 300_000n;

/** The gas limit: the node's estimate with a fifth on top (a plain transfer needs exactly 21,000). */
async function gasLimit(run: SenderRun, row: ChainTxRow): Promise<bigint> {
  try {
    const estimate = await run.client.estimateGas({
      account: row.fromAddress as Address,
      to: row.toAddress as Address,
      value: BigInt(row.value),
      data: (row.data ?? undefined) as Hex | undefined,
    });
    return estimate === NATIVE_TRANSFER_GAS && !row.data ? estimate : (estimate * 6n) / 5n;
  } catch {
    // Sent anyway: a revert ends it FAILED 'reverted' on the chain, no gas refuses it at the node.
    return row.data ? FALLBACK_CALL_GAS : NATIVE_TRANSFER_GAS;
  }
}

/**
 * Signs a QUEUED row and STORES the signed bytes (SIGNED, with its nonce, fees and hash) in one commit,
 * before anything is broadcast. The nonce is the address's next under its advisory lock: the node's
 * pending count, or one past the highest of the address's transactions still out when that is higher
 * (one the node has not taken in yet, or forgot and will be sent again). Nothing is signed while an
 * earlier one of the address waits to be broadcast, so a refused transaction is always the address's
 * last: it keeps its nonce (stuck, never given back) until it or its cancel is mined.
 * Undefined when another run took the row or the address must wait.
 */
export async function signQueuedRow(run: SenderRun, row: ChainTxRow): Promise<ChainTxRow | undefined> {
  const gas = await gasLimit(run, row);
  const fees = await run.client.estimateFeesPerGas();
  const stored = await run.db.transaction(async (tx) => {
    await lockAddressNonce(tx, row.chain, row.fromAddress);
    const locked = await lockRow(tx, row.id, 'QUEUED');
    if (!locked || (await hasUnbroadcast(tx, row.chain, row.fromAddress))) return undefined;
    const highest = await highestOpenNonce(tx, row.chain, row.fromAddress);
    const pending = await run.client.getTransactionCount({
      address: row.fromAddress as Address,
      blockTag: 'pending',
    });
    const nonce = highest === null || pending > highest + 1 ? pending : highest + 1;
    const fields = {
      nonce,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    };
    const signed = await signRow(run, locked, fields);
    return moveRow(tx, row.id, 'QUEUED', {
      status: 'SIGNED',
      nonce,
      gasLimit: gas.toString(),
      maxFeePerGas: fields.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fields.maxPriorityFeePerGas.toString(),
      raw: signed.raw,
      txHash: signed.hash,
      attempts: locked.attempts + 1,
    });
  });
  if (stored) run.afterStore?.(stored);
  return stored;
}

/** A fee raised by the bump (at least by one wei), or the network's current one when that is higher. */
export function bumped(old: bigint, percent: number, current: bigint): bigint {
  const raised = (old * BigInt(100 + percent) + 99n) / 100n;
  const atLeast = raised > old ? raised : old + 1n;
  return current > atLeast ? current : atLeast;
}

/**
 * Replaces a BROADCAST transaction that is not mined in time: the same nonce, gas and call with both
 * fees raised, the new signed bytes stored first (the old hash kept in replaced_hashes, since either
 * may still be mined) and then broadcast. Undefined when another run changed the row meanwhile.
 */
export async function replaceRow(run: SenderRun, row: ChainTxRow): Promise<ChainTxRow | undefined> {
  if (row.nonce === null || !row.gasLimit || !row.maxFeePerGas || !row.maxPriorityFeePerGas || !row.txHash)
    return undefined;
  const current = await run.client.estimateFeesPerGas();
  const percent = run.settings.feeBumpPercent;
  const maxPriorityFeePerGas = bumped(
    BigInt(row.maxPriorityFeePerGas),
    percent,
    current.maxPriorityFeePerGas,
  );
  let maxFeePerGas = bumped(BigInt(row.maxFeePerGas), percent, current.maxFeePerGas);
  if (maxFeePerGas < maxPriorityFeePerGas) maxFeePerGas = maxPriorityFeePerGas;
  const fields = { nonce: row.nonce, gas: BigInt(row.gasLimit), maxFeePerGas, maxPriorityFeePerGas };
  const signed = await signRow(run, row, fields);
  const stored = await run.db.transaction(async (tx) => {
    const locked = await lockRow(tx, row.id, 'BROADCAST');
    if (!locked || locked.txHash !== row.txHash) return undefined;
    return moveRow(tx, row.id, 'BROADCAST', {
      raw: signed.raw,
      txHash: signed.hash,
      replacedHashes: [...locked.replacedHashes, row.txHash!],
      maxFeePerGas: maxFeePerGas.toString(),
      maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
      attempts: locked.attempts + 1,
      broadcastAt: run.clock.now(),
    });
  });
  if (stored) {
    run.afterStore?.(stored);
    run.logger.info(
      { id: row.id, chain: row.chain, nonce: row.nonce, replaced: row.txHash, hash: signed.hash },
      'chain sender: replaced a transaction not mined in time',
    );
  }
  return stored;
}
