import type { Hex, TransactionReceipt } from 'viem';
import { type ChainTxRow, highestOpenNonce, moveRow } from './chain-sender.repository';
import { classifyNodeError } from './node-answers';
import { hashesOf, type SenderRun, warnOnce } from './sender-run';

/**
 * How a broadcast went: the node has it (or it is mined), not now, or the node refused it and the row
 * is stuck (it stays BROADCAST with its nonce until one of its hashes or its cancel is mined deep).
 */
export type BroadcastResult = 'sent' | 'later' | 'stuck';

/** The first receipt of any of the row's hashes, or null when none is mined. */
export async function minedReceipt(run: SenderRun, row: ChainTxRow): Promise<TransactionReceipt | null> {
  for (const hash of hashesOf(row)) {
    const receipt = await run.client.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return receipt;
  }
  return null;
}

/**
 * Sends the row's stored signed bytes (never new ones): a SIGNED row becomes BROADCAST; a BROADCAST
 * row the node forgot is sent again. The time the bytes are first handed to a node is stored before
 * the send: from then on they are public and valid until the nonce is used, so no answer of a node
 * ends the row (issue 43). The node knowing the transaction, or one of the row's own hashes being
 * mined, is success; a refusal ('nonce too low' while the receipt read lags, no funds, any words) or a
 * node counting fewer transactions of the address than the nonce makes the row stuck.
 */
export async function broadcastRow(run: SenderRun, row: ChainTxRow): Promise<BroadcastResult> {
  if (!row.raw) throw new Error(`chain transaction ${row.id} has no signed bytes`);
  let current = row;
  if (!row.handedAt) {
    // The head then: the nonce's user, if not this row, is searched for from a little below it.
    const handedBlock = await run.client.getBlockNumber().catch(() => null);
    const handed = await moveRow(run.db, row.id, row.status, { handedAt: run.clock.now(), handedBlock });
    if (!handed) return 'later';
    current = handed;
  }
  let refusal: string | null = null;
  try {
    await run.client.sendRawTransaction({ serializedTransaction: current.raw as Hex });
  } catch (error) {
    const answer = classifyNodeError(error);
    if (answer.kind === 'later' && (await chainForgot(run, current)))
      refusal = 'the node counts fewer transactions of the address than its nonce';
    else if (answer.kind === 'later') {
      warnOnce(run, current, 'chain sender: not sent yet', { reason: answer.message });
      return 'later';
    }
    // A node may answer with an error for a transaction it did mine (hardhat reports a revert so):
    // whatever the words, a mined one is followed to its end.
    else if (answer.kind !== 'known' && !(await minedReceipt(run, current)))
      refusal =
        answer.kind === 'nonce-used'
          ? 'the node says its nonce is used, and none of its hashes is mined yet'
          : `refused by the node: ${answer.message}`;
  }
  if (refusal !== null) {
    await markStuck(run, current, refusal);
    return 'stuck';
  }
  if (current.status === 'SIGNED')
    await moveRow(run.db, current.id, 'SIGNED', { status: 'BROADCAST', broadcastAt: run.clock.now() });
  return 'sent';
}

/**
 * Whether the node counts fewer transactions of the address (pending) than the row's nonce, with no
 * transaction of the address still out that can fill the gap: a node behind answers so, and so does a
 * development chain started afresh. Neither is proof the transaction can never be mined: the row is
 * stuck until its nonce is used (dev-chain-restore.ts fills the gap on a fresh development chain).
 */
export async function chainForgot(run: SenderRun, row: ChainTxRow): Promise<boolean> {
  if (row.nonce === null) return false;
  const count = await run.client.getTransactionCount({
    address: row.fromAddress as Hex,
    blockTag: 'pending',
  });
  if (count >= row.nonce) return false;
  const below = await highestOpenNonce(run.db, row.chain, row.fromAddress, row.nonce);
  return below === null || below < count;
}

/**
 * Marks a handed-out row stuck (BROADCAST, with why and since when), once: it keeps its nonce, nothing
 * is refunded, the admin's hot-wallet panel lists it, and the follow-up cancels it (follow-chain-tx.ts).
 */
export async function markStuck(run: SenderRun, row: ChainTxRow, reason: string): Promise<void> {
  if (row.stuckSince) return;
  const moved = await moveRow(run.db, row.id, row.status, {
    status: 'BROADCAST',
    broadcastAt: row.broadcastAt ?? run.clock.now(),
    stuckReason: reason.slice(0, 400),
    stuckSince: run.clock.now(),
  });
  if (moved)
    run.logger.error(
      { id: row.id, chain: row.chain, purpose: row.purpose, nonce: row.nonce, reason },
      'chain sender: transaction stuck: kept with its nonce until it or its cancel is mined',
    );
}
