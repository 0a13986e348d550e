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
  scopeOfKey,
  spreadHotPostingsTo,
  validateEntry,
} from '@exchange/domain';
import { type SQL, sql } from 'drizzle-orm';
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

export interface PostedEntry {
  readonly entryId: bigint;
}

export type PostRejection = 'insufficient_funds' | 'duplicate_reference';

/**
 * Checks the drafts' shape and puts every house and fee line of the call on one sub-account, so a
 * market batch locks and updates one fee row per asset however many fills it settles.
 */
export function prepareEntries(drafts: readonly EntryDraft[]): EntryDraft[] {
  const shard = nextHotShard();
  return drafts.map((draft) => {
    const shape = validateEntry(draft.postings);
    assert(shape.ok, `entry ${draft.reference} is malformed: ${shape.ok ? '' : shape.code}`);
    return { ...draft, postings: spreadHotPostingsTo(draft.postings, shard) };
  });
}

/**
 * Prepared entries as the parameters `ledger_post_entries` (and `trading_write_batch`) take: the
 * entries' columns, then one element per posting (its entry's 1-based index, account key with its
 * shard and scope, whether the account may go negative, amount), as typed arrays.
 */
export function entryParams(drafts: readonly EntryDraft[]): SQL {
  const lines = drafts.flatMap((draft, i) => draft.postings.map((posting) => ({ entry: i + 1, posting })));
  const keys = lines.map(({ posting }) => posting.account);
  const columns: [unknown[], string][] = [
    [drafts.map((d) => d.kind), 'text'],
    [drafts.map((d) => d.reference), 'text'],
    [drafts.map((d) => d.userId), 'uuid'],
    [drafts.map((d) => JSON.stringify(d.memo ?? {})), 'jsonb'],
    [lines.map((l) => l.entry), 'integer'],
    [keys.map((key) => key.userId), 'uuid'],
    [keys.map((key) => key.asset), 'text'],
    [keys.map((key) => key.kind), 'text'],
    [keys.map((key) => (key.userId === null ? (key.shard ?? 0) : 0)), 'smallint'],
    [keys.map(scopeOfKey), 'text'],
    [keys.map((key) => allowsNegative(key.kind)), 'boolean'],
    [lines.map((l) => l.posting.amount.toString()), 'numeric'],
  ];
  return sql.join(
    columns.map(([values, type]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
}

/**
 * Posts one entry through `ledger_post_entries` (migration 0019) in single mode: one round trip that
 * creates missing accounts, locks every touched account in the ledger's one lock order (user
 * accounts, then system accounts, each by id), refuses before writing anything (a reference already
 * posted; a debit not covered, with the first refused posting), then writes the entry, one balance
 * update per account, the postings, and the 'balance_event' NOTIFY for its users.
 */
async function apply(tx: Tx, draft: EntryDraft) {
  const found = await tx.execute<{
    outcome: 'posted' | 'duplicate' | 'insufficient';
    entry_ids: string[] | null;
    refused_line: number | null;
  }>(sql`
    SELECT outcome, entry_ids::text[] AS entry_ids, refused_line
      FROM ledger_post_entries(${entryParams([draft])}, true)`);
  const row = found.rows[0];
  assert(row, 'ledger_post_entries answered');
  return row;
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
  const [spread] = prepareEntries([draft]) as [EntryDraft];
  const applied =
    db instanceof PgTransaction
      ? await apply(db as Tx, spread)
      : await db.transaction((tx) => apply(tx, spread));
  if (applied.outcome === 'duplicate') return reject('duplicate_reference');
  if (applied.outcome === 'insufficient') {
    // refused_line is 1-based over the entry's postings.
    const line = spread.postings[(applied.refused_line ?? 1) - 1]!;
    return reject('insufficient_funds', { asset: line.account.asset });
  }
  return ok({ entryId: BigInt(applied.entry_ids![0]!) });
}
