import {
  type Address,
  erc20Abi,
  type Hex,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { ChainSettings } from '../chain-config';
import type { OpenChainTx } from '../chain-node';

async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    // Not mined (yet). Any other failure (the node did not answer) fails the whole read: a figure
    // computed without it could read 'Matches' wrongly.
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  }
}

/** Receipts read at once from one node. */
const READ_PARALLEL = 16;

/** The receipt of the row's hash mined at or below block `at`, or null. */
async function minedAt(
  client: PublicClient,
  row: OpenChainTx,
  at: bigint,
): Promise<TransactionReceipt | null> {
  for (const hash of row.hashes) {
    const found = await receiptOf(client, hash as Hex);
    if (found && found.blockNumber <= at) return found;
  }
  return null;
}

/**
 * What the chain has already paid out of the product's wallets (`ours`: the hot wallet, the deposit
 * addresses and the cold wallet, lower-cased) at block `at` for transactions the ledger has not booked
 * yet, per asset in the chain's units: a mined transaction's gas (native coin, reverted or not), and
 * what a successful one sent to an address not ours (a withdrawal's native value, or its token
 * transfers read from the receipt's Transfer logs). Moves between two of our wallets (a sweep, a gas
 * top-up) change no sum and are not counted. Added to what the chain holds, it gives what the ledger
 * says, between a transaction's mining and its confirmations.
 */
export async function evmPaidOutAt(
  client: PublicClient,
  settings: ChainSettings,
  open: readonly OpenChainTx[],
  ours: ReadonlySet<string>,
  at: bigint,
): Promise<Map<string, bigint>> {
  const totals = new Map<string, bigint>();
  const add = (asset: string, amount: bigint) => totals.set(asset, (totals.get(asset) ?? 0n) + amount);
  const native = settings.tokens.find((token) => token.contract === null)?.asset;
  const tokenOf = new Map(
    settings.tokens
      .filter((token) => token.contract !== null)
      .map((token) => [token.contract!.toLowerCase(), token.asset]),
  );
  // Each row's mined transaction at the block read (at most one of its hashes), READ_PARALLEL rows at once.
  const mined: TransactionReceipt[] = [];
  for (let start = 0; start < open.length; start += READ_PARALLEL) {
    const found = await Promise.all(
      open.slice(start, start + READ_PARALLEL).map((row) => minedAt(client, row, at)),
    );
    for (const receipt of found) if (receipt) mined.push(receipt);
  }
  for (const receipt of mined) {
    if (!ours.has(receipt.from.toLowerCase())) continue;
    if (native) add(native, receipt.gasUsed * receipt.effectiveGasPrice);
    if (receipt.status !== 'success') continue;
    const sent = await client.getTransaction({ hash: receipt.transactionHash });
    if (native && sent.value > 0n && sent.to && !ours.has(sent.to.toLowerCase())) add(native, sent.value);
    const transfers = parseEventLogs({
      abi: erc20Abi,
      eventName: 'Transfer',
      logs: receipt.logs,
      strict: true,
    });
    for (const log of transfers) {
      const asset = tokenOf.get(log.address.toLowerCase());
      if (!asset) continue;
      const { from, to, value } = log.args;
      if (ours.has((from as Address).toLowerCase()) && !ours.has((to as Address).toLowerCase()))
        add(asset, value);
    }
  }
  return totals;
}
