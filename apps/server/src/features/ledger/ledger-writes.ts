import { assert, type EntryDraft } from '@exchange/domain';
import type { Tx } from '../../platform/db';
import { postEntry } from './post-entries';
import { upsertWalletTransaction, type WalletTransactionDraft } from './wallet-history';

/**
 * Where a settlement writes its journal entries and history rows: straight into a transaction
 * (`transactionWrites`), or staged in a market or instant-desk batch that writes everything in one
 * statement when it commits (trading's `BatchWrites`). The settlement decides the same either way.
 */
export interface LedgerWrites {
  /** Posts (or stages) the entry; false, with nothing written, when a user account it debits does not cover it. */
  post(draft: EntryDraft): Promise<boolean>;
  /** A history row settled by the entry of `entryReference`, posted (or staged) before it. */
  addWalletTransaction(record: WalletTransactionDraft): void | Promise<void>;
}

/** Writes posted at once in the caller's transaction (`postEntry`, `upsertWalletTransaction`). */
export function transactionWrites(tx: Tx): LedgerWrites {
  const entryIds = new Map<string, bigint>();
  return {
    async post(draft) {
      const posted = await postEntry(tx, draft);
      if (!posted.ok) return false;
      entryIds.set(draft.reference, posted.value.entryId);
      return true;
    },
    async addWalletTransaction({ entryReference, ...record }) {
      const entryId = entryIds.get(entryReference);
      assert(entryId !== undefined, `entry ${entryReference} is posted`);
      await upsertWalletTransaction(tx, { ...record, entryId });
    },
  };
}
