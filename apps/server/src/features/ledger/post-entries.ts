import { randomInt } from 'node:crypto';
import {
  allowsNegative,
  assert,
  DEFAULT_HOT_SHARDS,
  type EntryDraft,
  MAX_SHARDS,
  ok,
  type Result,
  reject,
  spreadHotPostingsTo,
  validateEntry,
} from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../platform/db';

/** How many sub-accounts hot system accounts spread over (LEDGER_HOT_SHARDS, set by the app). */
let hotShards = DEFAULT_HOT_SHARDS;

/** Set once by the composition root from LEDGER_HOT_SHARDS; 1 keeps one house and fee row per asset. */
export function setHotAccountShards(shards: number): void {
  assert(Number.isInteger(shards) && shards >= 1 && shards <= 256, `LEDGER_HOT_SHARDS ${shards} is valid`);
  hotShards = shards;
}

/**
 * The sub-account the next entry (or market batch) posts its house and fee lines to: taken in turn,
 * from a random start per process. A hash of the reference spread them too, but concurrent trades
 * still met on the same row now and then (with 64 sub-accounts and 32 trades in flight, four in ten
 * waited for another's commit); in turn, trades in flight together land on different rows as long as
 * fewer than LEDGER_HOT_SHARDS are in flight in the process.
 */
let hotTurn = randomInt(MAX_SHARDS);
export function nextHotShard(): number {
  hotTurn = (hotTurn + 1) % hotShards;
  return hotTurn;
}

/** A batch's debits were not all covered when it was applied (another writer spent first). */
export class BatchDebitRefused extends Error {
  constructor(readonly accountIds: readonly bigint[]) {
    super(`conditional debit refused on accounts ${accountIds.join(', ')}`);
  }
}

export interface PostedEntry {
  readonly entryId: bigint;
}

export type PostRejection = 'insufficient_funds' | 'duplicate_reference';

interface Applied {
  readonly outcome: 'posted' | 'duplicate' | 'insufficient';
  readonly entryIds: readonly bigint[];
  /** For 'insufficient': the first refused posting (0-based, over all drafts' postings in order). */
  readonly refusedLine: number | null;
  readonly refusedAccounts: readonly bigint[];
}

/**
 * Checks the drafts' shape and puts every house and fee line of the call on one sub-account, so a
 * market batch locks and updates one fee row per asset however many fills it settles.
 */
function prepare(drafts: readonly EntryDraft[]): EntryDraft[] {
  const shard = nextHotShard();
  return drafts.map((draft) => {
    const shape = validateEntry(draft.postings);
    assert(shape.ok, `entry ${draft.reference} is malformed: ${shape.ok ? '' : shape.code}`);
    return { ...draft, postings: spreadHotPostingsTo(draft.postings, shard) };
  });
}

/**
 * Applies entries through `ledger_post_entries` (migration 0019): one round trip that creates missing
 * accounts, locks every touched account in the ledger's one lock order (user accounts, then system
 * accounts, each by id), refuses before writing anything (a reference already posted, in single mode;
 * a debit not covered), then writes the entries, one balance update per account with its summed
 * delta, the postings, and the 'balance_event' NOTIFY for their users.
 */
async function apply(tx: Tx, drafts: readonly EntryDraft[], single: boolean): Promise<Applied> {
  const lines = drafts.flatMap((draft, i) => draft.postings.map((posting) => ({ entry: i + 1, posting })));
  const param = <T>(values: T[]) => sql.param(values);
  const found = await tx.execute<{
    outcome: Applied['outcome'];
    entry_ids: string[] | null;
    refused_line: number | null;
    refused_accounts: string[] | null;
  }>(sql`
    SELECT outcome, entry_ids::text[] AS entry_ids, refused_line, refused_accounts::text[] AS refused_accounts
      FROM ledger_post_entries(
        ${param(drafts.map((d) => d.kind))}::text[], ${param(drafts.map((d) => d.reference))}::text[],
        ${param(drafts.map((d) => d.userId))}::uuid[],
        ${param(drafts.map((d) => JSON.stringify(d.memo ?? {})))}::jsonb[],
        ${param(lines.map((l) => l.entry))}::integer[], ${param(lines.map((l) => l.posting.account.userId))}::uuid[],
        ${param(lines.map((l) => l.posting.account.asset))}::text[],
        ${param(lines.map((l) => l.posting.account.kind))}::text[],
        ${param(lines.map((l) => (l.posting.account.userId === null ? (l.posting.account.shard ?? 0) : 0)))}::smallint[],
        ${param(lines.map((l) => allowsNegative(l.posting.account.kind)))}::boolean[],
        ${param(lines.map((l) => l.posting.amount.toString()))}::numeric[],
        ${single})`);
  const row = found.rows[0];
  assert(row, 'ledger_post_entries answered');
  return {
    outcome: row.outcome,
    entryIds: (row.entry_ids ?? []).map(BigInt),
    refusedLine: row.refused_line === null ? null : row.refused_line - 1,
    refusedAccounts: (row.refused_accounts ?? []).map(BigInt),
  };
}

/**
 * Posts many journal entries in one round trip (a market batch's holds, fills and releases, an instant
 * desk's trades): one entry row per draft, their postings, and ONE balance update per account with
 * the sum of its postings. A debit the locked balance does not cover throws BatchDebitRefused before
 * anything is written, and the caller's transaction rolls back, so nothing is ever overdrawn even if
 * the caller decided on balances read without a lock. A reference already posted throws too (a batch
 * fails whole). Returns each entry's id by reference.
 */
export async function postEntriesTogether(
  tx: Tx,
  drafts: readonly EntryDraft[],
): Promise<Map<string, bigint>> {
  if (drafts.length === 0) return new Map();
  const spread = prepare(drafts);
  const applied = await apply(tx, spread, false);
  if (applied.outcome === 'insufficient') throw new BatchDebitRefused(applied.refusedAccounts);
  assert(applied.outcome === 'posted', `a batch posts or fails (${applied.outcome})`);
  return new Map(spread.map((draft, i) => [draft.reference, applied.entryIds[i]!]));
}

/**
 * Posts one journal entry: the entry row (its unique `reference` makes a business event post at most
 * once), a conditional balance update per account (a debit only where the locked balance covers it,
 * never read-then-write), and the postings, in one statement. A rejection writes nothing, so the
 * caller's transaction stays usable; given the database rather than a transaction it runs in a
 * transaction of its own (which carries a request's idempotency mark, platform/db.ts). Rejections:
 * 'duplicate_reference' (the event already posted), then 'insufficient_funds' (with the asset). An
 * entry that is not balanced, or otherwise malformed, is a bug and throws.
 */
export async function postEntry(db: DbOrTx, draft: EntryDraft): Promise<Result<PostedEntry, PostRejection>> {
  const [spread] = prepare([draft]);
  const applied =
    db instanceof PgTransaction
      ? await apply(db as Tx, [spread!], true)
      : await db.transaction((tx) => apply(tx, [spread!], true));
  if (applied.outcome === 'duplicate') return reject('duplicate_reference');
  if (applied.outcome === 'insufficient') {
    const line = spread!.postings[applied.refusedLine ?? 0]!;
    return reject('insufficient_funds', { asset: line.account.asset });
  }
  return ok({ entryId: applied.entryIds[0]! });
}
