import type { Hex } from 'viem';
import { broadcastRow, chainForgot, forgotten, minedReceipt } from './broadcast-chain-tx';
import type { ChainTxRow } from './chain-sender.repository';
import { moveRow } from './chain-sender.repository';
import { finishChainTx } from './finish-chain-tx';
import { classifyNodeError } from './node-answers';
import { hashesOf, type SenderRun, warnOnce } from './sender-run';
import { replaceRow } from './sign-chain-tx';

/**
 * Follows one BROADCAST row: mined deep enough (any of its hashes) → CONFIRMED, or FAILED 'reverted',
 * with the fee and the handler; mined but shallow → waits; known to the node but not mined in time →
 * replaced; unknown to the node under every hash it had (dropped, or stored but not sent before a
 * crash) → its stored bytes are sent again, which ends it FAILED when its nonce went to another; and
 * FAILED at once when the chain forgot the transactions before it (a development chain started afresh).
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
  const pending = await knownToNode(run, hashesOf(row));
  if (!pending) {
    if (await chainForgot(run, row)) await forgotten(run, row);
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
  if (replaced) await sendReplacement(run, replaced);
}

async function knownToNode(run: SenderRun, hashes: Hex[]): Promise<boolean> {
  for (const hash of hashes) {
    const found = await run.client.getTransaction({ hash }).catch(() => null);
    if (found) return true;
  }
  return false;
}

/**
 * A replacement goes out beside the transaction it replaces, which may still be mined: a refusal
 * ends nothing here (the next run sees which one the chain took, or sends the stored bytes again).
 */
async function sendReplacement(run: SenderRun, row: ChainTxRow): Promise<void> {
  try {
    await run.client.sendRawTransaction({ serializedTransaction: row.raw as Hex });
  } catch (error) {
    const answer = classifyNodeError(error);
    if (answer.kind !== 'known')
      run.logger.warn(
        { id: row.id, chain: row.chain, answer },
        'chain sender: the replacement was not taken yet',
      );
  }
}
