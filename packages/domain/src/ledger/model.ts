import type { Minor } from '../money';
import { ok, type Result, reject } from '../result';
import { type AccountKey, accountName } from './accounts';
import { applyEntry, type EntryDraft, type EntryRejection } from './entry';

/**
 * The ledger as plain values: what the database keeps, minus the storage. It is the reference the
 * property tests run random operations through, and it posts exactly as the repository does: the
 * reference at most once, the whole entry or nothing.
 */
export interface LedgerModel {
  readonly accounts: ReadonlyMap<string, AccountKey>;
  readonly balances: ReadonlyMap<string, Minor>;
  readonly journal: readonly EntryDraft[];
  readonly references: ReadonlySet<string>;
}

export function emptyLedger(): LedgerModel {
  return { accounts: new Map(), balances: new Map(), journal: [], references: new Set() };
}

/** Posts an entry, or returns why not (leaving the model as it was). */
export function postToModel(
  model: LedgerModel,
  entry: EntryDraft,
): Result<LedgerModel, EntryRejection | 'duplicate_reference'> {
  if (model.references.has(entry.reference)) return reject('duplicate_reference');
  const applied = applyEntry(model.balances, entry.postings);
  if (!applied.ok) return applied;
  const accounts = new Map(model.accounts);
  for (const p of entry.postings) accounts.set(accountName(p.account), p.account);
  const balances = new Map(model.balances);
  for (const [name, balance] of applied.value) balances.set(name, balance);
  return ok({
    accounts,
    balances,
    journal: [...model.journal, entry],
    references: new Set(model.references).add(entry.reference),
  });
}

/** Every account's balance recomputed from the journal alone. */
export function replayJournal(journal: readonly EntryDraft[]): Map<string, Minor> {
  const balances = new Map<string, Minor>();
  for (const entry of journal) {
    for (const p of entry.postings) {
      const name = accountName(p.account);
      balances.set(name, (balances.get(name) ?? 0n) + p.amount);
    }
  }
  return balances;
}
