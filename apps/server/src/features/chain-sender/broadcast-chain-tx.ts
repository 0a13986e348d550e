import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Hex, TransactionReceipt } from 'viem';
import { chainTransactions } from '../../db/schema';
import { type ChainTxRow, highestOpenNonce, moveRow } from './chain-sender.repository';
import { finishChainTx } from './finish-chain-tx';
import { classifyNodeError } from './node-answers';
import { hashesOf, type SenderRun, warnOnce } from './sender-run';

/** How a broadcast went: the node has it (or it is mined), not now, or the row ended FAILED. */
export type BroadcastResult = 'sent' | 'later' | 'failed';

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
 * row the node forgot is sent again. The node answering that it knows the transaction, or that the
 * nonce is used by one of this row's own hashes, is success. A refusal ends the row FAILED with the
 * node's words (its nonce given back) unless a later nonce of the address is already signed: then
 * freeing it would leave a gap, so it stays and is logged.
 */
export async function broadcastRow(run: SenderRun, row: ChainTxRow): Promise<BroadcastResult> {
  if (!row.raw) throw new Error(`chain transaction ${row.id} has no signed bytes`);
  let failure: string | null = null;
  try {
    await run.client.sendRawTransaction({ serializedTransaction: row.raw as Hex });
  } catch (error) {
    const answer = classifyNodeError(error);
    if (answer.kind === 'later' && (await chainForgot(run, row))) return forgotten(run, row);
    if (answer.kind === 'later') {
      warnOnce(run, row, 'chain sender: not sent yet', { reason: answer.message });
      return 'later';
    }
    // A node may answer with an error for a transaction it did mine (hardhat reports a revert so):
    // whatever the words, a mined one is followed to its end, never failed here.
    if (answer.kind !== 'known' && !(await minedReceipt(run, row)))
      failure =
        answer.kind === 'nonce-used'
          ? 'dropped: its nonce was used by another transaction'
          : `rejected by the node: ${answer.message}`;
  }
  if (failure === null) {
    if (row.status === 'SIGNED')
      await moveRow(run.db, row.id, 'SIGNED', { status: 'BROADCAST', broadcastAt: run.clock.now() });
    return 'sent';
  }
  if (await hasLaterNonce(run, row)) {
    run.logger.error(
      { id: row.id, chain: row.chain, nonce: row.nonce, reason: failure },
      'chain sender: refused, but later transactions of the address are signed: left for the operator',
    );
    return 'later';
  }
  run.logger.warn({ id: row.id, chain: row.chain, reason: failure }, 'chain sender: transaction failed');
  await finishChainTx(run, row, row.status, {
    status: 'FAILED',
    txHash: null,
    feeWei: 0n,
    blockNumber: null,
    reason: failure,
  });
  return 'failed';
}

/**
 * Whether the chain has forgotten what came before the row: its nonce is above the address's count on
 * the node, and no transaction of the address still out can fill the gap. Every ended one below it was
 * mined (or gave its nonce back), so only a development chain started afresh, or a reorganisation far
 * deeper than the confirmations, gets here: the transaction can never be mined.
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

/** Ends a transaction the chain can never mine (see chainForgot); later ones of the address follow it. */
export async function forgotten(run: SenderRun, row: ChainTxRow): Promise<BroadcastResult> {
  run.logger.warn(
    { id: row.id, chain: row.chain, nonce: row.nonce },
    'chain sender: the chain forgot the nonces before it',
  );
  await finishChainTx(run, row, row.status, {
    status: 'FAILED',
    txHash: null,
    feeWei: 0n,
    blockNumber: null,
    reason: 'dropped: the chain no longer has the transactions before it',
  });
  return 'failed';
}

async function hasLaterNonce(run: SenderRun, row: ChainTxRow): Promise<boolean> {
  if (row.nonce === null) return false;
  const later = await run.db
    .select({ id: chainTransactions.id })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chain, row.chain),
        eq(chainTransactions.fromAddress, row.fromAddress),
        gt(chainTransactions.nonce, row.nonce),
        inArray(chainTransactions.status, ['SIGNED', 'BROADCAST']),
      ),
    )
    .limit(1);
  return later.length > 0;
}
