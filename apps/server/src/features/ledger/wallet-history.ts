import { historyRow, type MoneyEvent } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { walletTransactions } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export type WalletTransactionStatus = (typeof walletTransactions.$inferInsert)['status'];

/**
 * One row of a user's wallet history: the money movement it tells (`historyRow` in the domain decides
 * its operation and sides), under the business event's `reference`, settled by its journal entry.
 */
export interface WalletTransactionRecord {
  readonly reference: string;
  readonly userId: string;
  readonly event: MoneyEvent;
  readonly status: WalletTransactionStatus;
  readonly entryId: bigint | null;
}

/** A history row as a batch stages it, naming its journal entry by the entry's reference. */
export type WalletTransactionDraft = Omit<WalletTransactionRecord, 'entryId'> & { entryReference: string };

/** The table's columns of a history row (the batch writes them as JSON with the same names). */
export function walletTransactionColumns(record: Omit<WalletTransactionRecord, 'entryId'>) {
  const row = historyRow(record.event);
  return {
    reference: record.reference,
    userId: record.userId,
    operationType: row.operationType,
    operation: row.operation,
    fromAsset: row.from?.asset ?? null,
    fromAmount: row.from ? row.from.amount.toString() : null,
    toAsset: row.to?.asset ?? null,
    toAmount: row.to ? row.to.amount.toString() : null,
    status: record.status,
  };
}

/**
 * Records what the user sees in their history, one row per business event (its `reference`). Writing
 * the same reference again moves the row on (PENDING to SUCCESS, say) but never takes a SUCCESS back.
 */
export async function upsertWalletTransaction(db: DbOrTx, record: WalletTransactionRecord): Promise<void> {
  await db
    .insert(walletTransactions)
    .values({ ...walletTransactionColumns(record), entryId: record.entryId })
    .onConflictDoUpdate({
      target: walletTransactions.reference,
      set: { status: record.status, entryId: record.entryId, updatedAt: sql`now()` },
      setWhere: sql`${walletTransactions.status} <> 'SUCCESS'`,
    });
}
