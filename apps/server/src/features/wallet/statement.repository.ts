import { USER_ACCOUNT_KINDS } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

/** The user's own accounts: what the wallet shows as balance and locked, a statement's balance. */
const userKinds = sql.raw(USER_ACCOUNT_KINDS.map((kind) => `'${kind}'`).join(', '));

/**
 * The user's balance per asset (available + locked) from every posting of an entry made before
 * `before`: an asset the user ever had appears, even at zero. Read through postings_account_idx (the
 * user has a few accounts per asset), then each posting's entry by its key.
 */
export async function balancesBefore(db: DbOrTx, userId: string, before: Date): Promise<Map<string, bigint>> {
  const found = await db.execute<{ asset: string; amount: string }>(sql`
    SELECT p.asset, sum(p.amount)::text AS amount
      FROM ledger_accounts a
      JOIN postings p ON p.account_id = a.id
      JOIN journal_entries e ON e.id = p.entry_id
     WHERE a.user_id = ${userId}::uuid AND a.kind IN (${userKinds})
       AND e.created_at < ${before.toISOString()}::timestamptz
     GROUP BY p.asset`);
  return new Map(found.rows.map((row) => [row.asset, BigInt(row.amount)]));
}

/** One entry's net change of the user's balance in one asset. */
export interface MovementRow {
  readonly asset: string;
  readonly entryId: string;
  /** The entry's time as PostgreSQL prints it, full precision: the next page's key. */
  readonly at: string;
  /** The same time in UTC ISO-8601 (milliseconds), for people. */
  readonly time: string;
  readonly kind: string;
  readonly reference: string | null;
  readonly amount: bigint;
}

/** Where the previous page ended, in the page's order. */
export type MovementKey = Pick<MovementRow, 'asset' | 'at' | 'entryId'>;

/**
 * A page of the user's movements in [from, toExclusive): per asset, oldest first, one row per entry
 * whose postings on the user's accounts do not net to zero (a hold moves money from available to
 * locked and changes nothing the statement counts). Keyset paging after `after`; assets in byte order
 * (COLLATE "C"), as JavaScript sorts them.
 */
export async function movementsPage(
  db: DbOrTx,
  userId: string,
  range: { from: Date; toExclusive: Date },
  after: MovementKey | null,
  limit: number,
): Promise<MovementRow[]> {
  const afterKey = after
    ? sql`AND (p.asset COLLATE "C", e.created_at, e.id) > (${after.asset}::text COLLATE "C", ${after.at}::timestamptz, ${after.entryId}::bigint)`
    : sql``;
  const found = await db.execute<{
    asset: string;
    entry_id: string;
    at: string;
    time: string;
    kind: string;
    reference: string | null;
    amount: string;
  }>(sql`
    SELECT p.asset, e.id::text AS entry_id, e.created_at::text AS at,
           to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time,
           e.kind, e.reference, sum(p.amount)::text AS amount
      FROM ledger_accounts a
      JOIN postings p ON p.account_id = a.id
      JOIN journal_entries e ON e.id = p.entry_id
     WHERE a.user_id = ${userId}::uuid AND a.kind IN (${userKinds})
       AND e.created_at >= ${range.from.toISOString()}::timestamptz
       AND e.created_at < ${range.toExclusive.toISOString()}::timestamptz
       ${afterKey}
     GROUP BY p.asset, e.id
    HAVING sum(p.amount) <> 0
     ORDER BY p.asset COLLATE "C", e.created_at, e.id
     LIMIT ${limit}`);
  return found.rows.map((row) => ({
    asset: row.asset,
    entryId: row.entry_id,
    at: row.at,
    time: row.time,
    kind: row.kind,
    reference: row.reference,
    amount: BigInt(row.amount),
  }));
}
