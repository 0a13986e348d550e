import {
  chainAmountToMinor,
  confirmationsOf,
  decideChainDeposit,
  getAsset,
  isAssetCode,
} from '@exchange/domain';
import {
  type BitcoinBlock,
  blockAt,
  blockHashAt,
  latestBlockNumber,
  transactionPlace,
} from '../../platform/chain/bitcoin/bitcoin-blocks';
import type { BitcoinRpc } from '../../platform/chain/bitcoin/bitcoin-rpc';
import type { ChainSettings } from '../../platform/chain/chain-config';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import { type ChainWatcherDeps, creditChainDeposit, notifyDeposit, notifyDeposits } from './chain-credit';
import {
  depositAddressOwners,
  findCursor,
  pendingDeposits,
  recordSeenDeposits,
  type SeenDeposit,
  saveCursor,
  updatePendingDeposit,
} from './chain-deposits.repository';
import { chainWatcherJobName } from './chain-watcher';

/** Blocks one run reads at most (a watcher far behind catches up over several runs). */
const MAX_BLOCKS_PER_RUN = 100n;

/**
 * The deposit watcher of a Bitcoin-family chain (issue 47), the UTXO twin of chain-watcher.ts on the
 * same rows, cursor and credit. Each run: (1) re-checks the cursor's block by hash and rewinds by the
 * confirmation depth when the chain no longer has it; (2) reads each block after it (getblock at
 * verbosity 2) and matches every transaction *output* against the deposit addresses in memory: a
 * deposit is (txid, vout), kept in the row's in-transaction place, so it is recorded once and credited
 * once whatever is read again; (3) follows every waiting deposit: its block still the chain's at its
 * height, else found again by its transaction (moved, confirmations from 0) or, once the node knows
 * no such transaction `required` blocks on, DROPPED; deep enough, credited through the EVM chains'
 * credit (chain-credit.ts: CHAIN_CUSTODY → the customer, under the deposit's unique reference).
 */
export function bitcoinWatcherJob(
  deps: ChainWatcherDeps,
  settings: ChainSettings,
  rpc: BitcoinRpc,
  everyMs: number,
): ScheduledJob {
  return {
    name: chainWatcherJobName(settings.key),
    everyMs,
    run: () => watchBitcoinOnce(deps, settings, rpc),
  };
}

/** One run of the watcher over a Bitcoin-family chain (the job's body; tests call it directly too). */
export async function watchBitcoinOnce(
  deps: ChainWatcherDeps,
  settings: ChainSettings,
  rpc: BitcoinRpc,
): Promise<void> {
  const head = await latestBlockNumber(rpc);
  let cursor = await findCursor(deps.db, settings.key);
  if (!cursor) {
    const hash = await blockHashAt(rpc, head);
    if (!hash) return;
    await saveCursor(deps.db, { chain: settings.key, blockNumber: head, blockHash: hash }, true);
    cursor = await findCursor(deps.db, settings.key);
    if (!cursor) return;
  }
  let from = cursor.blockNumber + 1n;
  if ((await blockHashAt(rpc, cursor.blockNumber)) !== cursor.blockHash) {
    const back = (cursor.blockNumber < head ? cursor.blockNumber : head) - BigInt(settings.confirmations);
    from = back > 0n ? back : 0n;
    deps.logger.warn(
      { chain: settings.key, from: String(from) },
      'chain deposits: the chain changed; reading again',
    );
  }
  if (from <= head) {
    const to = head - from + 1n > MAX_BLOCKS_PER_RUN ? from + MAX_BLOCKS_PER_RUN - 1n : head;
    await scanBlocks(deps, settings, rpc, from, to);
  }
  await followBitcoinPending(deps, settings, rpc, head);
}

/** The outputs of a block that pay a deposit address, as rows to record (pure over the block read). */
export function depositsInBlock(
  settings: ChainSettings,
  owners: ReadonlyMap<string, string>,
  block: BitcoinBlock,
): SeenDeposit[] {
  const coin = settings.tokens[0]!;
  const scale = isAssetCode(coin.asset) ? getAsset(coin.asset).scale : 0;
  const seen: SeenDeposit[] = [];
  for (const tx of block.txs)
    for (const out of tx.outputs) {
      const userId = out.address ? owners.get(out.address.toLowerCase()) : undefined;
      if (!userId || !out.address || out.sats <= 0n) continue;
      const amount = chainAmountToMinor(out.sats, coin.decimals, scale);
      const below =
        decideChainDeposit({ amount, minimum: coin.minDeposit, confirmations: 0, required: 1 }) ===
        'BELOW_MINIMUM';
      seen.push({
        chain: settings.key,
        asset: coin.asset,
        userId,
        address: out.address,
        txHash: tx.txid,
        logIndex: out.vout,
        txLogIndex: out.vout,
        amountRaw: out.sats.toString(),
        amount: amount.toString(),
        blockNumber: block.number,
        blockHash: block.hash,
        confirmations: 0,
        requiredConfirmations: settings.confirmations,
        status: below ? 'BELOW_MINIMUM' : 'PENDING',
      });
    }
  return seen;
}

async function scanBlocks(
  deps: ChainWatcherDeps,
  settings: ChainSettings,
  rpc: BitcoinRpc,
  from: bigint,
  to: bigint,
): Promise<void> {
  const owners = await depositAddressOwners(deps.db, settings.key);
  const seen: SeenDeposit[] = [];
  let last: BitcoinBlock | undefined;
  for (let n = from; n <= to; n++) {
    const block = await blockAt(rpc, n);
    if (!block) break;
    last = block;
    if (owners.size > 0) seen.push(...depositsInBlock(settings, owners, block));
  }
  if (!last) return;
  const cursor = { chain: settings.key, blockNumber: last.number, blockHash: last.hash };
  await deps.db.transaction(async (tx) => {
    const recorded = await recordSeenDeposits(tx, seen);
    await saveCursor(tx, cursor);
    await notifyDeposits(tx, deps.chains, recorded);
  });
}

/**
 * Every waiting deposit of the chain: counted, credited once deep enough while its block is still the
 * chain's at its height; a block the chain no longer has sends it to its transaction (see above). A
 * node that errors leaves it for the next run: only the chain's answer drops a deposit.
 */
async function followBitcoinPending(
  deps: ChainWatcherDeps,
  settings: ChainSettings,
  rpc: BitcoinRpc,
  head: bigint,
): Promise<void> {
  for (let row of await pendingDeposits(deps.db, settings.key)) {
    const here = await blockHashAt(rpc, row.blockNumber).catch(() => null);
    if (here === null) continue;
    if (here !== row.blockHash) {
      const place = await transactionPlace(rpc, row.txHash).catch(() => null);
      if (place === null) continue;
      const output = place === 'ABSENT' ? undefined : place.tx.outputs[row.txLogIndex];
      const same = output?.address === row.address && output.sats.toString() === row.amountRaw;
      if (place !== 'ABSENT' && same && place.block === 'MEMPOOL') continue;
      if (place === 'ABSENT' || !same || place.block === 'MEMPOOL') {
        if (head < row.blockNumber + BigInt(row.requiredConfirmations)) continue;
        await deps.db.transaction(async (tx) => {
          const dropped = await updatePendingDeposit(tx, row.id, { status: 'DROPPED' });
          if (dropped) await notifyDeposit(tx, deps.chains, dropped);
        });
        deps.logger.warn({ chain: settings.key, tx: row.txHash }, 'chain deposits: a deposit left the chain');
        continue;
      }
      const block = place.block;
      const moved = await deps.db.transaction(async (tx) => {
        const updated = await updatePendingDeposit(tx, row.id, {
          blockNumber: block.number,
          blockHash: block.hash,
          confirmations: 0,
        });
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
