import { accountName, assert, type EntryDraft, spreadHotPostingsTo, validateEntry } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { notifyBalancesChanged } from './balance-events';
import { accountLockOrder, ensureAccounts, nextHotShard } from './ledger.repository';

/** A batch's conditional debits did not all hold when they were applied (another writer spent first). */
export class BatchDebitRefused extends Error {
  constructor(readonly accountIds: readonly bigint[]) {
    super(`conditional debit refused on accounts ${accountIds.join(', ')}`);
  }
}

/**
 * Posts many journal entries in a few multi-row statements (a market batch's holds, fills and
 * releases): one entry row per draft, as `postEntry` would write it, their postings, and ONE balance
 * update per account with the sum of its postings. Before updating, it locks every account it touches
 * in the ledger's one lock order (`accountLockOrder`: user accounts, then system accounts, each by
 * ascending id; SELECT ... ORDER BY (user_id IS NULL), id FOR UPDATE), so two batches on different
 * markets touching the same users wait instead of deadlocking. Each update is conditional (allow_negative OR balance + delta >= 0): an account that
 * would go below zero throws BatchDebitRefused and the caller's transaction rolls back, so nothing is
 * ever overdrawn even if the caller decided on balances read without a lock. A duplicate reference
 * breaks the unique index and throws too. Returns each entry's id by reference.
 */
export async function postEntriesTogether(
  tx: Tx,
  drafts: readonly EntryDraft[],
): Promise<Map<string, bigint>> {
  if (drafts.length === 0) return new Map();
  // Every entry of the call posts its house and fee lines to one sub-account, so a market batch locks
  // and updates one fee row per asset, however many fills it settles.
  const shard = nextHotShard();
  const spread = drafts.map((draft) => {
    const shape = validateEntry(draft.postings);
    assert(shape.ok, `entry ${draft.reference} is malformed: ${shape.ok ? '' : shape.code}`);
    return { ...draft, postings: spreadHotPostingsTo(draft.postings, shard) };
  });
  const ids = await ensureAccounts(
    tx,
    spread.flatMap((d) => d.postings.map((p) => p.account)),
  );
  const deltas = new Map<bigint, bigint>();
  const system = new Set<bigint>();
  for (const draft of spread)
    for (const p of draft.postings) {
      const id = ids.get(accountName(p.account))!;
      deltas.set(id, (deltas.get(id) ?? 0n) + p.amount);
      if (p.account.userId === null) system.add(id);
    }
  const touched = [...deltas.keys()].sort((a, b) =>
    accountLockOrder({ id: a, system: system.has(a) }, { id: b, system: system.has(b) }),
  );
  await tx.execute(sql`
    SELECT id FROM ledger_accounts
    WHERE id IN (${sql.join(
      touched.map((id) => sql`${id.toString()}::bigint`),
      sql`, `,
    )})
    ORDER BY (user_id IS NULL), id FOR UPDATE`);
  const moved = touched.filter((id) => deltas.get(id) !== 0n);
  if (moved.length > 0) {
    const values = sql.join(
      moved.map((id) => sql`(${id.toString()}::bigint, ${deltas.get(id)!.toString()}::numeric)`),
      sql`, `,
    );
    const updated = await tx.execute<{ id: string }>(sql`
      UPDATE ledger_accounts a
         SET balance = a.balance + v.delta, updated_at = now()
        FROM (VALUES ${values}) AS v(id, delta)
       WHERE a.id = v.id AND (a.allow_negative OR a.balance + v.delta >= 0)
      RETURNING a.id::text AS id`);
    if (updated.rows.length !== moved.length) {
      const done = new Set(updated.rows.map((row) => row.id));
      throw new BatchDebitRefused(moved.filter((id) => !done.has(id.toString())));
    }
  }
  const entryRows = sql.join(
    spread.map(
      (d) => sql`(${d.kind}, ${d.reference}, ${d.userId}::uuid, ${JSON.stringify(d.memo ?? {})}::jsonb)`,
    ),
    sql`, `,
  );
  const inserted = await tx.execute<{ id: string; reference: string }>(sql`
    INSERT INTO journal_entries (kind, reference, user_id, memo) VALUES ${entryRows}
    RETURNING id::text AS id, reference`);
  const entryIds = new Map(inserted.rows.map((row) => [row.reference, BigInt(row.id)]));
  const postingRows = sql.join(
    spread.flatMap((d) =>
      d.postings.map(
        (p) =>
          sql`(${entryIds.get(d.reference)!.toString()}::bigint, ${ids.get(accountName(p.account))!.toString()}::bigint, ${p.account.asset}, ${p.amount.toString()}::numeric)`,
      ),
    ),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO postings (entry_id, account_id, asset, amount) VALUES ${postingRows}`);
  // One notification for the batch, inside its transaction: its users hear of it only if it commits.
  await notifyBalancesChanged(
    tx,
    spread.flatMap((d) => d.postings.map((p) => p.account.userId)),
  );
  return entryIds;
}
