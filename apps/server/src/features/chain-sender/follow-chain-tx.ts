import { type Hex, parseTransaction, type TransactionReceipt } from 'viem';
import { broadcastRow, chainForgot, markStuck, minedReceipt } from './broadcast-chain-tx';
import type { ChainTxRow } from './chain-sender.repository';
import { lockRow, moveRow } from './chain-sender.repository';
import { finishChainTx } from './finish-chain-tx';
import { classifyNodeError } from './node-answers';
import { hashesOf, type SenderRun, signCancel, warnOnce } from './sender-run';
import { bumped, replaceRow } from './sign-chain-tx';

/**
 * Follows one BROADCAST row: mined deep enough (any of its hashes) → CONFIRMED, or FAILED 'reverted',
 * with the fee and the handler; mined but shallow → waits; known to the node but not mined in time →
 * replaced; unknown to the node under every hash it had (dropped, or stored but not sent before a
 * crash) → its stored bytes are sent again. A row a node refused is stuck (followStuck): it ends only
 * when one of its hashes, or another transaction with its nonce, is mined deep enough.
 */
export async function followRow(run: SenderRun, row: ChainTxRow, head: bigint): Promise<void> {
  const receipt = await minedReceipt(run, row);
  if (receipt) {
    const depth = head - receipt.blockNumber + 1n;
    if (depth < BigInt(run.chain.confirmations)) {
      if (row.blockNumber !== receipt.blockNumber)
        await moveRow(run.db, row.id, 'BROADCAST', { blockNumber: receipt.blockNumber });
      return;
    }
    const reverted = receipt.status !== 'success';
    await finishChainTx(run, row, 'BROADCAST', {
      status: reverted ? 'FAILED' : 'CONFIRMED',
      txHash: receipt.transactionHash,
      feeWei: receipt.gasUsed * receipt.effectiveGasPrice,
      blockNumber: receipt.blockNumber,
      reason: reverted ? 'reverted' : null,
    });
    return;
  }
  if (row.stuckSince) return followStuck(run, row, head);
  const pending = await knownToNode(run, hashesOf(row));
  if (!pending) {
    if (await chainForgot(run, row))
      await markStuck(run, row, 'the node counts fewer transactions of the address than its nonce');
    else await broadcastRow(run, row);
    return;
  }
  const since = row.broadcastAt ? run.clock.now().getTime() - row.broadcastAt.getTime() : 0;
  if (since < run.settings.replaceAfterMs) return;
  if (row.attempts >= run.settings.maxAttempts) {
    warnOnce(run, row, 'chain sender: not mined after every replacement; waiting', {
      attempts: row.attempts,
    });
    return;
  }
  const replaced = await replaceRow(run, row);
  if (replaced) await sendQuietly(run, replaced, replaced.raw as Hex);
}

async function knownToNode(run: SenderRun, hashes: Hex[]): Promise<boolean> {
  for (const hash of hashes) {
    const found = await run.client.getTransaction({ hash }).catch(() => null);
    if (found) return true;
  }
  return false;
}

/**
 * How far below the block a row was first handed at the nonce's user is searched for (it may have
 * used the nonce shortly before, when the row's nonce was already taken as it was signed).
 */
const HANDED_MARGIN = 64n;
/** Block bodies read back per run when state reads cannot place the nonce's user. */
const BODY_SCAN_LIMIT = 512n;

/** What the search for the nonce's user found: its hash, or null with the node's read error if any. */
type NonceUser = { hash: Hex | null; readError: string | null };

/**
 * The hash of the transaction that used the row's nonce, at or below `atOrBelow`. Searched only from
 * HANDED_MARGIN blocks below the block the row was first handed at (from 0 for a row handed before
 * that was recorded), never from block 0 on a node that keeps recent state only (a pruned node answers
 * older state reads with 'missing trie node'): the first block whose count of the address is above the
 * nonce (a binary search over counts; an unreadable count is taken as too old, the search goes up)
 * holds it. When that block does not (the count's block lies below what the node still has state for),
 * block bodies, which a pruned node keeps, are read back from there down to the search's start, or
 * below it when the nonce was already used there (BODY_SCAN_LIMIT per run).
 */
async function nonceTransaction(run: SenderRun, row: ChainTxRow, atOrBelow: bigint): Promise<NonceUser> {
  const address = row.fromAddress as Hex;
  const nonce = row.nonce!;
  const start =
    row.handedBlock != null && row.handedBlock > HANDED_MARGIN ? row.handedBlock - HANDED_MARGIN : 0n;
  let readError: string | null = null;
  let low = start < atOrBelow ? start : atOrBelow;
  let high = atOrBelow;
  while (low < high) {
    const middle = (low + high) / 2n;
    const count = await run.client
      .getTransactionCount({ address, blockNumber: middle })
      .catch((error: unknown) => {
        readError = `the node cannot read the address's count at block ${middle}: ${shortError(error)}`;
        return null;
      });
    if (count !== null && count > nonce) high = middle;
    else low = middle + 1n;
  }
  const used = (block: { transactions: readonly { from: string; nonce: number; hash: Hex }[] } | null) =>
    block?.transactions.find((tx) => tx.from.toLowerCase() === address.toLowerCase() && tx.nonce === nonce)
      ?.hash ?? null;
  // Without a read error the count's block is the one (or the node is behind on blocks): no scan back.
  const scanBack = readError !== null || high === start;
  // Already used at the search's start (taken before the row was handed): read back below it too.
  const bottom = high === start ? 0n : start;
  const deepest = high - BODY_SCAN_LIMIT > bottom ? high - BODY_SCAN_LIMIT : bottom;
  const floor = scanBack ? deepest : high;
  for (let number = high; number >= floor; number--) {
    const block = await run.client
      .getBlock({ blockNumber: number, includeTransactions: true })
      .catch((error: unknown) => {
        readError = `the node cannot read block ${number}: ${shortError(error)}`;
        return null;
      });
    const hash = used(block);
    if (hash) return { hash, readError: null };
    if (number === 0n) break;
  }
  return { hash: null, readError };
}

function shortError(error: unknown): string {
  const text =
    error instanceof Error
      ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
      : String(error);
  return text.split('\n')[0]!.slice(0, 200);
}

async function firstReceipt(run: SenderRun, hashes: Hex[]): Promise<TransactionReceipt | null> {
  for (const hash of hashes) {
    const receipt = await run.client.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return receipt;
  }
  return null;
}

/**
 * A stuck row (none of its own hashes mined, see followRow). It ends FAILED 'cancelled' only when its
 * nonce is used CONFIRMATIONS deep by another transaction: its cancel (whose gas is booked like any
 * fee) or any other of the address, read as the address's count at the deep block being above the
 * nonce, the transaction that used it read from its block and none of the row's own. Until then its own bytes are offered again (they
 * may still be taken), and after replaceAfterMs of being stuck a cancel is signed, stored and sent,
 * bumped again while it is not mined (up to maxAttempts cancels).
 */
async function followStuck(run: SenderRun, row: ChainTxRow, head: bigint): Promise<void> {
  if (row.nonce === null) throw new Error(`stuck chain transaction ${row.id} has no nonce`);
  const confirmations = BigInt(run.chain.confirmations);
  const deepBlock = head - confirmations + 1n;
  const cancels = row.cancelHashes as Hex[];
  const cancel = await firstReceipt(run, cancels);
  if (cancel && cancel.blockNumber <= deepBlock) {
    await endCancelled(run, row, `cancelled: its nonce was used by its cancel ${cancel.transactionHash}`, {
      receipt: cancel,
    });
    return;
  }
  if (cancel) return; // mined, not deep yet
  const deepCount =
    deepBlock >= 0n
      ? await run.client.getTransactionCount({ address: row.fromAddress as Hex, blockNumber: deepBlock })
      : 0;
  if (deepCount > row.nonce) {
    // The nonce is used deep, and no receipt of ours shows it: read the transaction that used it.
    const { hash: used, readError } = await nonceTransaction(run, row, deepBlock);
    const ours = new Set([...hashesOf(row), ...cancels].map((hash) => hash.toLowerCase()));
    // Not found (a node behind on blocks, or one that cannot read that far back), or one of the row's
    // own or a cancel whose receipt the node does not give yet: wait for it. A read error is logged once
    // and shown on the stuck list (its reason), so a row the node cannot place does not wait unseen.
    if (!used || ours.has(used.toLowerCase())) {
      warnOnce(run, row, 'chain sender: its nonce is used; waiting to read by what', { used, readError });
      if (readError) await showReadError(run, row, readError);
      return;
    }
    await endCancelled(run, row, `cancelled: its nonce was used by another transaction ${used}`, {
      receipt: null,
    });
    return;
  }
  if (row.raw) await sendQuietly(run, row, row.raw as Hex);
  const stuckMs = run.clock.now().getTime() - row.stuckSince!.getTime();
  if (stuckMs < run.settings.replaceAfterMs) return;
  if (!row.cancelRaw) {
    await sendCancel(run, row);
    return;
  }
  if (!(await knownToNode(run, cancels))) {
    await sendQuietly(run, row, row.cancelRaw as Hex);
    return;
  }
  const sinceCancel = row.cancelSentAt ? run.clock.now().getTime() - row.cancelSentAt.getTime() : 0;
  if (sinceCancel < run.settings.replaceAfterMs) return;
  if (cancels.length >= run.settings.maxAttempts) {
    warnOnce(run, row, 'chain sender: the cancel is not mined after every bump; waiting', {
      cancels: cancels.length,
    });
    return;
  }
  await sendCancel(run, row);
}

/** Puts a node's read error on a stuck row's reason (the admin's stuck list shows it), once per error. */
async function showReadError(run: SenderRun, row: ChainTxRow, readError: string): Promise<void> {
  const reason = `its nonce is used, but not yet found by what (${readError})`.slice(0, 400);
  if (row.stuckReason === reason) return;
  await moveRow(run.db, row.id, 'BROADCAST', { stuckReason: reason });
}

/**
 * Signs a cancel with fees above both the row's own and its last cancel's (a node takes a replacement
 * only so), STORES it (the hashes before kept) and only then sends it.
 */
async function sendCancel(run: SenderRun, row: ChainTxRow): Promise<void> {
  const current = await run.client.estimateFeesPerGas();
  const percent = run.settings.feeBumpPercent;
  let maxFeeBefore = BigInt(row.maxFeePerGas ?? '0');
  let tipBefore = BigInt(row.maxPriorityFeePerGas ?? '0');
  if (row.cancelRaw) {
    const previous = parseTransaction(row.cancelRaw as Hex);
    if ((previous.maxFeePerGas ?? 0n) > maxFeeBefore) maxFeeBefore = previous.maxFeePerGas ?? 0n;
    if ((previous.maxPriorityFeePerGas ?? 0n) > tipBefore) tipBefore = previous.maxPriorityFeePerGas ?? 0n;
  }
  const maxPriorityFeePerGas = bumped(tipBefore, percent, current.maxPriorityFeePerGas);
  let maxFeePerGas = bumped(maxFeeBefore, percent, current.maxFeePerGas);
  if (maxFeePerGas < maxPriorityFeePerGas) maxFeePerGas = maxPriorityFeePerGas;
  const signed = await signCancel(run, row, { nonce: row.nonce!, maxFeePerGas, maxPriorityFeePerGas });
  const stored = await run.db.transaction(async (tx) => {
    const locked = await lockRow(tx, row.id, 'BROADCAST');
    if (!locked || locked.cancelHashes.length !== row.cancelHashes.length) return undefined;
    return moveRow(tx, row.id, 'BROADCAST', {
      cancelRaw: signed.raw,
      cancelHashes: [...locked.cancelHashes, signed.hash],
      cancelSentAt: run.clock.now(),
      attempts: locked.attempts + 1,
    });
  });
  if (!stored) return;
  run.afterStore?.(stored);
  run.logger.warn(
    { id: row.id, chain: row.chain, nonce: row.nonce, cancel: signed.hash, reason: row.stuckReason },
    'chain sender: cancelling a stuck transaction (a zero-value transfer to itself with its nonce)',
  );
  await sendQuietly(run, stored, signed.raw);
}

async function endCancelled(
  run: SenderRun,
  row: ChainTxRow,
  reason: string,
  by: { receipt: TransactionReceipt | null },
): Promise<void> {
  const receipt = by.receipt;
  run.logger.warn({ id: row.id, chain: row.chain, nonce: row.nonce, reason }, 'chain sender: cancelled');
  await finishChainTx(run, row, 'BROADCAST', {
    status: 'FAILED',
    txHash: null,
    feeWei: receipt ? receipt.gasUsed * receipt.effectiveGasPrice : 0n,
    blockNumber: receipt?.blockNumber ?? null,
    reason,
    cancelledBy: { feeHash: receipt?.transactionHash ?? null },
  });
}

/**
 * Offers bytes to the node beside others with the same nonce (a replacement, a stuck row's own, a
 * cancel): a refusal ends nothing here (the next run sees which one the chain took).
 */
async function sendQuietly(run: SenderRun, row: ChainTxRow, raw: Hex): Promise<void> {
  try {
    await run.client.sendRawTransaction({ serializedTransaction: raw });
  } catch (error) {
    const answer = classifyNodeError(error);
    if (answer.kind !== 'known')
      warnOnce(run, row, `chain sender: not taken yet (${answer.kind})`, { answer });
  }
}
