import { confirmationsOf, decideChainDeposit } from '@exchange/domain';
import {
  decodeEventLog,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { ChainSettings } from '../../platform/chain/chain-config';
import { TRANSFER_EVENT } from '../../platform/chain/evm/transfer-logs';
import { type ChainWatcherDeps, creditChainDeposit, notifyDeposit } from './chain-credit';
import { type ChainDepositRow, pendingDeposits, updatePendingDeposit } from './chain-deposits.repository';

/**
 * Every waiting deposit: its confirmations are counted and it is credited once deep enough, while its
 * block is still the chain's at its height (checked by hash). A block the chain no longer has sends it
 * to its receipt: mined again elsewhere with the same transfer at the same place in the transaction,
 * the row moves there (confirmations from 0); shown absent (no receipt, a reverted one, or another log
 * at its place) it is DROPPED, but only once the head is `required` blocks past where it was seen. A
 * node that errors, times out, or answers a block or receipt with nothing leaves it as it is for the
 * next run: only the chain's answer drops a deposit, never a node's silence.
 */
export async function followPending(
  deps: ChainWatcherDeps,
  settings: ChainSettings,
  client: PublicClient,
  head: bigint,
): Promise<void> {
  const hashes = new Map<bigint, Promise<Hash | undefined>>();
  // The hash of the chain's block at a height; undefined when the node could not say (an error, a
  // timeout, nothing answered, a height past the head it gave).
  const canonicalHash = (number: bigint): Promise<Hash | undefined> => {
    if (!hashes.has(number))
      hashes.set(
        number,
        number <= head
          ? client.getBlock({ blockNumber: number }).then(
              (block) => block.hash ?? undefined,
              () => undefined,
            )
          : Promise.resolve(undefined),
      );
    return hashes.get(number)!;
  };
  for (let row of await pendingDeposits(deps.db, settings.key)) {
    const here = await canonicalHash(row.blockNumber);
    if (here === undefined) continue;
    if (here !== row.blockHash) {
      const now = await whereNow(settings, client, row, canonicalHash);
      if (now === 'UNKNOWN') continue;
      if (now === 'ABSENT') {
        if (head < row.blockNumber + BigInt(row.requiredConfirmations)) continue;
        await deps.db.transaction(async (tx) => {
          const dropped = await updatePendingDeposit(tx, row.id, { status: 'DROPPED' });
          if (dropped) await notifyDeposit(tx, deps.chains, dropped);
        });
        deps.logger.warn({ chain: settings.key, tx: row.txHash }, 'chain deposits: a deposit left the chain');
        continue;
      }
      const moved = await deps.db.transaction(async (tx) => {
        const updated = await updatePendingDeposit(tx, row.id, { ...now, confirmations: 0 });
        if (updated) await notifyDeposit(tx, deps.chains, updated);
        return updated;
      });
      if (!moved) continue;
      row = moved;
    }
    const confirmations = confirmationsOf(row.blockNumber, head);
    const decision = decideChainDeposit({
      amount: BigInt(row.amount),
      minimum: 0n,
      confirmations,
      required: row.requiredConfirmations,
    });
    if (decision === 'CREDIT') await creditChainDeposit(deps, row, confirmations);
    else if (confirmations !== row.confirmations)
      await deps.db.transaction(async (tx) => {
        const updated = await updatePendingDeposit(tx, row.id, { confirmations });
        if (updated) await notifyDeposit(tx, deps.chains, updated);
      });
  }
}

/**
 * Where a deposit whose block left the chain is now, by its transaction's receipt: the block (checked
 * by hash) and place that hold the same transfer, ABSENT when the chain shows it is not there, UNKNOWN
 * when the node could not say.
 */
async function whereNow(
  settings: ChainSettings,
  client: PublicClient,
  row: ChainDepositRow,
  canonicalHash: (number: bigint) => Promise<Hash | undefined>,
): Promise<{ blockNumber: bigint; blockHash: Hash; logIndex: number } | 'ABSENT' | 'UNKNOWN'> {
  let receipt: TransactionReceipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: row.txHash as Hash });
  } catch (error) {
    return error instanceof TransactionReceiptNotFoundError ? 'ABSENT' : 'UNKNOWN';
  }
  const there = await canonicalHash(receipt.blockNumber);
  // A receipt from a block the node does not hold at that height: it is half way through the change.
  if (there !== receipt.blockHash) return 'UNKNOWN';
  const place = receipt.status === 'success' ? samePlace(settings, row, receipt) : undefined;
  return place === undefined
    ? 'ABSENT'
    : { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, logIndex: place };
}

/** The deposit's block log index in this receipt, if the receipt holds the same transfer at its place. */
function samePlace(
  settings: ChainSettings,
  row: ChainDepositRow,
  receipt: TransactionReceipt,
): number | undefined {
  const sameAddress = (a: string | null | undefined) => a?.toLowerCase() === row.address.toLowerCase();
  if (row.txLogIndex < 0) return sameAddress(receipt.to) ? -1 : undefined;
  const token = settings.tokens.find((candidate) => candidate.asset === row.asset && candidate.contract);
  const log = receipt.logs[row.txLogIndex];
  if (!token || !log || log.address.toLowerCase() !== token.contract!.toLowerCase()) return undefined;
  try {
    const { args } = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics });
    return sameAddress(args.to) && args.value.toString() === row.amountRaw ? log.logIndex : undefined;
  } catch {
    return undefined;
  }
}
