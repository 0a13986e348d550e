import {
  type AccountKey,
  applyEntry,
  type EntryRejection,
  type Result,
  transferPostings,
} from '@exchange/domain';
import { loadBalances } from '../features/ledger/ledger.repository';
import { type PostedEntry, type PostRejection, postEntry } from '../features/ledger/post-entries';
import type { Db } from '../platform/db';

export interface TransferFundsInput {
  readonly from: AccountKey;
  readonly to: AccountKey;
  /** Minor units of the accounts' asset; positive. */
  readonly amount: bigint;
  readonly kind: string;
  readonly reference: string;
  readonly userId: string | null;
  readonly memo?: Readonly<Record<string, string>>;
}

/**
 * Moves one asset between two accounts, for tests that need money moved by hand: load the balances,
 * let the domain decide, post the entry. The decision runs on balances read without a lock, so it can
 * be stale; the conditional update in `postEntry` is what guarantees no overdraft, and the decision
 * only spares the database a doomed write.
 */
export async function transferFunds(
  db: Db,
  input: TransferFundsInput,
): Promise<Result<PostedEntry, EntryRejection | PostRejection>> {
  const postings = transferPostings(input.from, input.to, input.amount);
  const balances = await loadBalances(db, [input.from, input.to]);
  const decided = applyEntry(balances, postings);
  if (!decided.ok) return decided;
  return postEntry(db, {
    kind: input.kind,
    reference: input.reference,
    userId: input.userId,
    postings,
    memo: input.memo,
  });
}
