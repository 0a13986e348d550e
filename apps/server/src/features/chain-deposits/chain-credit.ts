import { chainDepositPostings, chainDepositReference, isAssetCode } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ChainSettings } from '../../platform/chain/chain-config';
import type { Db, DbOrTx } from '../../platform/db';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import { chainDepositView } from './chain-deposit-views';
import { type ChainDepositRow, setDepositEntry, updatePendingDeposit } from './chain-deposits.repository';

/** The NOTIFY channel that carries a deposit's change to every process's sockets. */
export const CHAIN_DEPOSIT_CHANNEL = 'chain_deposit_event';

/** What the watcher works with: the database, the log and every configured chain (for the views). */
export interface ChainWatcherDeps {
  readonly db: Db;
  readonly logger: Logger;
  readonly chains: readonly ChainSettings[];
}

/**
 * The credit, once: only the transaction that moves the row from PENDING to CREDITED posts the entry
 * (the chain's CHAIN_CUSTODY → the customer's AVAILABLE, under the deposit's unique reference: chain, transaction
 * and the log's place within the transaction) and writes the
 * history row; a second watcher waits on the row lock and then finds nothing to move.
 */
export async function creditChainDeposit(
  deps: ChainWatcherDeps,
  row: ChainDepositRow,
  confirmations: number,
): Promise<boolean> {
  if (!isAssetCode(row.asset)) throw new Error(`chain deposit ${row.id} is in an unknown asset ${row.asset}`);
  const asset = row.asset;
  return deps.db.transaction(async (tx) => {
    const moved = await updatePendingDeposit(tx, row.id, {
      status: 'CREDITED',
      confirmations,
      creditedAt: new Date(),
    });
    if (!moved) return false;
    // Keyed by the log's place within its transaction, which a reorganisation does not move: a second
    // row of the same transfer, were there one, could not post a second time.
    const reference = chainDepositReference(moved.chain, moved.txHash, moved.txLogIndex);
    const amount = BigInt(moved.amount);
    const posted = await postEntry(tx, {
      kind: 'CHAIN_DEPOSIT',
      reference,
      userId: moved.userId,
      postings: chainDepositPostings(moved.chain, moved.userId, asset, amount),
      memo: {
        chain: moved.chain,
        tx_hash: moved.txHash,
        log_index: String(moved.logIndex),
        tx_log_index: String(moved.txLogIndex),
      },
    });
    if (!posted.ok) throw new Error(`chain deposit ${reference} could not post: ${posted.code}`);
    await setDepositEntry(tx, moved.id, posted.value.entryId);
    await upsertWalletTransaction(tx, {
      reference,
      userId: moved.userId,
      event: { kind: 'deposit', asset, amount },
      status: 'SUCCESS',
      entryId: posted.value.entryId,
    });
    await notifyDeposit(tx, deps.chains, moved);
    return true;
  });
}

/**
 * Tells many deposits' owners at once (a block paying thousands of addresses, issue 47): one statement
 * for all of them instead of a round trip each.
 */
export async function notifyDeposits(
  tx: DbOrTx,
  chains: readonly ChainSettings[],
  rows: readonly ChainDepositRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const payloads = rows.map((row) =>
    JSON.stringify({ user_id: row.userId, deposit: chainDepositView(row, chains) }),
  );
  await tx.execute(
    sql`SELECT pg_notify(${CHAIN_DEPOSIT_CHANNEL}, p) FROM unnest(${sql.param(payloads)}::text[]) AS p`,
  );
}

/** Tells the owner's sockets, in every process, once the change commits. */
export async function notifyDeposit(
  tx: DbOrTx,
  chains: readonly ChainSettings[],
  row: ChainDepositRow,
): Promise<void> {
  const payload = JSON.stringify({ user_id: row.userId, deposit: chainDepositView(row, chains) });
  await tx.execute(sql`SELECT pg_notify(${CHAIN_DEPOSIT_CHANNEL}, ${payload})`);
}
