import { chainAmountToMinor, decideChainDeposit, getAsset, isAssetCode } from '@exchange/domain';
import type { Address, Hash, Hex, PublicClient, TransactionReceipt } from 'viem';
import type { ChainSettings, ChainToken } from '../../platform/chain/chain-config';
import { mayHoldTransfer, TRANSFER_EVENT, type TransferLog } from '../../platform/chain/evm/transfer-logs';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import { type ChainWatcherDeps, notifyDeposit } from './chain-credit';
import {
  depositAddressOwners,
  findCursor,
  ownTransactionHashes,
  recordSeenDeposits,
  type SeenDeposit,
  saveCursor,
} from './chain-deposits.repository';
import { followPending } from './follow-pending-deposits';

/** Blocks one run reads at most (a watcher far behind catches up over several runs). */
const MAX_BLOCKS_PER_RUN = 200n;
/** A native transfer's place: one per transaction, no log. */
const NATIVE_PLACE = { logIndex: -1, txLogIndex: -1 } as const;
/** Blocks fetched at once. */
const BLOCK_FETCH_PARALLEL = 8;

/** The scheduled job's name for a chain: one leader per chain among the processes. */
export function chainWatcherJobName(chain: string): string {
  return `chain-watcher:${chain}`;
}

/**
 * The deposit watcher of one chain, a job on the scheduler's leader (platform/scheduled-jobs.ts). Each
 * run: (1) re-checks the cursor's block, and rewinds by the confirmation depth when the chain no longer
 * has it (a reorganisation, or a development chain started afresh); (2) reads the blocks after the cursor:
 * native transfers to deposit addresses from the blocks' transactions, token Transfer logs by one
 * getLogs per token, both matched against the address set in memory, and records each deposit once
 * per (chain, tx, the log's place within the tx) with the cursor's move in one transaction, moving a
 * known one to where it is now; (3) follows every waiting deposit: its block still canonical (else
 * re-found by its receipt, or DROPPED once the chain shows it absent N blocks deep), its confirmations,
 * and the credit once deep enough. Nothing here depends on the process: a restart, a new leader or a second
 * watcher resumes from the stored cursor, and the deposit's row and the entry's unique reference make
 * every credit happen once.
 */
export function chainWatcherJob(
  deps: ChainWatcherDeps,
  settings: ChainSettings,
  client: PublicClient,
  everyMs: number,
): ScheduledJob {
  return {
    name: chainWatcherJobName(settings.key),
    everyMs,
    run: () => watchOnce(deps, settings, client),
  };
}

/** One run of the watcher over a chain (the job's body; tests call it directly too). */
export async function watchOnce(
  deps: ChainWatcherDeps,
  settings: ChainSettings,
  client: PublicClient,
): Promise<void> {
  const head = await client.getBlockNumber({ cacheTime: 0 });
  let cursor = await findCursor(deps.db, settings.key);
  if (!cursor) {
    const block = await client.getBlock({ blockNumber: head });
    await saveCursor(deps.db, { chain: settings.key, blockNumber: head, blockHash: block.hash }, true);
    cursor = await findCursor(deps.db, settings.key);
    if (!cursor) return;
  }
  let from = cursor.blockNumber + 1n;
  if (!(await stillCanonical(client, cursor.blockNumber, cursor.blockHash, head))) {
    const back = (cursor.blockNumber < head ? cursor.blockNumber : head) - BigInt(settings.confirmations);
    from = back > 0n ? back : 0n;
    deps.logger.warn(
      { chain: settings.key, from: String(from) },
      'chain deposits: the chain changed; reading again',
    );
  }
  if (from <= head) {
    const to = head - from + 1n > MAX_BLOCKS_PER_RUN ? from + MAX_BLOCKS_PER_RUN - 1n : head;
    await scanBlocks(deps, settings, client, from, to);
  }
  await followPending(deps, settings, client, head);
}

async function stillCanonical(
  client: PublicClient,
  number: bigint,
  hash: string,
  head: bigint,
): Promise<boolean> {
  if (number > head) return false;
  try {
    const block = await client.getBlock({ blockNumber: number });
    return block.hash === hash;
  } catch {
    return false;
  }
}

async function scanBlocks(
  deps: ChainWatcherDeps,
  settings: ChainSettings,
  client: PublicClient,
  from: bigint,
  to: bigint,
): Promise<void> {
  const owners = await depositAddressOwners(deps.db, settings.key);
  const seen: SeenDeposit[] = [];
  let last: { number: bigint; hash: Hash } | undefined;
  const headers: Array<{ hash: Hash; bloom: Hex | null }> = [];
  const native = settings.tokens.find((token) => token.contract === null);
  for (let start = from; start <= to; start += BigInt(BLOCK_FETCH_PARALLEL)) {
    const numbers: bigint[] = [];
    for (let n = start; n <= to && n < start + BigInt(BLOCK_FETCH_PARALLEL); n++) numbers.push(n);
    const blocks = await Promise.all(
      numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
    );
    for (const block of blocks) {
      if (block.number === null || block.hash === null) continue;
      last = { number: block.number, hash: block.hash };
      headers.push({ hash: block.hash, bloom: block.logsBloom });
      if (!native || owners.size === 0) continue;
      const matched = block.transactions.flatMap((tx) => {
        const owner = tx.to ? owners.get(tx.to.toLowerCase()) : undefined;
        return owner && tx.to && tx.value > 0n ? [{ tx, owner, to: tx.to }] : [];
      });
      // Only a transfer that succeeded moved the coins: its receipt says so (fetched together).
      const receipts = await Promise.all(
        matched.map(({ tx }) => client.getTransactionReceipt({ hash: tx.hash })),
      );
      matched.forEach(({ tx, owner, to }, i) => {
        if (receipts[i]!.status !== 'success') return;
        seen.push(
          seenRow(settings, native, owner, to, tx.hash, NATIVE_PLACE, tx.value, {
            number: block.number!,
            hash: block.hash!,
          }),
        );
      });
    }
  }
  if (owners.size > 0) {
    const matched: Array<{ token: ChainToken; owner: string; recipient: Address; log: TransferLog }> = [];
    for (const token of settings.tokens) {
      if (!token.contract) continue;
      const contract = token.contract as Address;
      const logs = await client.getLogs({
        address: contract,
        event: TRANSFER_EVENT,
        fromBlock: from,
        toBlock: to,
      });
      // A node behind (or one of several behind a balancer) can answer a range with nothing. A block
      // whose bloom says it may hold the token's Transfer, and of which the range brought no log, is
      // asked again by its hash, which a node without that block cannot answer with nothing.
      const answered = new Set(logs.map((log) => log.blockHash));
      for (const header of headers) {
        if (answered.has(header.hash) || !mayHoldTransfer(header.bloom, contract)) continue;
        logs.push(
          ...(await client.getLogs({ address: contract, event: TRANSFER_EVENT, blockHash: header.hash })),
        );
      }
      for (const log of logs) {
        const recipient = log.args.to;
        const owner = recipient ? owners.get(recipient.toLowerCase()) : undefined;
        if (!owner || !recipient || log.removed || log.args.value === undefined) continue;
        matched.push({ token, owner, recipient, log });
      }
    }
    // The log's place within its transaction (what a reorg does not move), from the transaction's receipt.
    const receipts = new Map<Hash, Promise<TransactionReceipt>>();
    for (const { token, owner, recipient, log } of matched) {
      const { transactionHash, logIndex, blockNumber, blockHash } = log;
      if (transactionHash === null || logIndex === null || blockNumber === null || blockHash === null)
        continue;
      if (!receipts.has(transactionHash))
        receipts.set(transactionHash, client.getTransactionReceipt({ hash: transactionHash }));
      const receipt = await receipts.get(transactionHash)!;
      const txLogIndex = receipt.logs.findIndex((entry) => entry.logIndex === logIndex);
      // A node half way through a reorganisation: nothing is recorded and the cursor stays for the next run.
      if (receipt.blockHash !== blockHash || txLogIndex < 0)
        throw new Error(
          `chain deposits: the log and the receipt of ${transactionHash} disagree; reading again`,
        );
      seen.push(
        seenRow(
          settings,
          token,
          owner,
          recipient,
          transactionHash,
          { logIndex, txLogIndex },
          log.args.value!,
          {
            number: blockNumber,
            hash: blockHash,
          },
        ),
      );
    }
  }
  if (!last) return;
  const cursorBlock = last;
  // The product's own transactions (a sweep's gas top-up from the hot wallet) are no customer's deposit.
  const own = await ownTransactionHashes(
    deps.db,
    settings.key,
    seen.map((row) => row.txHash),
  );
  const deposits = seen.filter((row) => !own.has(row.txHash.toLowerCase()));
  await deps.db.transaction(async (tx) => {
    const recorded = await recordSeenDeposits(tx, deposits);
    await saveCursor(tx, {
      chain: settings.key,
      blockNumber: cursorBlock.number,
      blockHash: cursorBlock.hash,
    });
    for (const row of recorded) await notifyDeposit(tx, deps.chains, row);
  });
}

function seenRow(
  settings: ChainSettings,
  token: ChainToken,
  userId: string,
  address: string,
  txHash: Hash,
  place: { logIndex: number; txLogIndex: number },
  raw: bigint,
  block: { number: bigint; hash: Hash },
): SeenDeposit {
  const scale = isAssetCode(token.asset) ? getAsset(token.asset).scale : 0;
  const amount = chainAmountToMinor(raw, token.decimals, scale);
  const below =
    decideChainDeposit({ amount, minimum: token.minDeposit, confirmations: 0, required: 1 }) ===
    'BELOW_MINIMUM';
  return {
    chain: settings.key,
    asset: token.asset,
    userId,
    address,
    txHash,
    logIndex: place.logIndex,
    txLogIndex: place.txLogIndex,
    amountRaw: raw.toString(),
    amount: amount.toString(),
    blockNumber: block.number,
    blockHash: block.hash,
    confirmations: 0,
    requiredConfirmations: settings.confirmations,
    status: below ? 'BELOW_MINIMUM' : 'PENDING',
  };
}
