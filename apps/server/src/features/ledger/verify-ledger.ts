import type { LedgerReport } from '@exchange/contracts';
import { auditLedger, type LedgerBreach } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { HoldSource } from './hold-sources';

export interface LedgerCheck {
  readonly consistent: boolean;
  readonly checkedAt: Date;
  readonly durationMs: number;
  readonly accounts: number;
  readonly entries: number;
  readonly postings: number;
  readonly holdSources: readonly string[];
  readonly breaches: readonly LedgerBreach[];
}

/**
 * Recomputes every balance from the journal and checks the invariants (see `auditLedger`). All reads
 * happen in one read-only REPEATABLE READ transaction, so the check sees one consistent snapshot even
 * while money keeps moving. Used by tests after every scenario, `npm run ledger:verify` and the admin
 * endpoint.
 */
export async function verifyLedger(
  db: Db,
  options: { holdSources: readonly HoldSource[]; now?: () => Date },
): Promise<LedgerCheck> {
  const holdSources = options.holdSources;
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const checkedAt = now();
  return db.transaction(
    async (tx) => {
      const accounts = await tx.execute<{
        id: string;
        user_id: string | null;
        asset: string;
        kind: string;
        allow_negative: boolean;
        cached: string;
        posted: string;
      }>(sql`
        SELECT a.id::text AS id, a.user_id, a.asset, a.kind, a.allow_negative,
               a.balance::text AS cached, coalesce(p.posted, 0)::text AS posted
        FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, sum(amount) AS posted FROM postings GROUP BY account_id) p ON p.account_id = a.id
        ORDER BY a.id`);
      const unbalanced = await tx.execute<{ entry_id: string; asset: string; sum: string }>(sql`
        SELECT entry_id::text AS entry_id, asset, sum(amount)::text AS sum
        FROM postings GROUP BY entry_id, asset HAVING sum(amount) <> 0 ORDER BY entry_id`);
      const thin = await tx.execute<{ entry_id: string; postings: number }>(sql`
        SELECT e.id::text AS entry_id, count(p.id)::int AS postings
        FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
        GROUP BY e.id HAVING count(p.id) < 2 ORDER BY e.id`);
      const malformed = await tx.execute<{
        posting_id: string;
        reason: 'zero_amount' | 'asset_mismatch';
      }>(sql`
        SELECT p.id::text AS posting_id,
               CASE WHEN p.amount = 0 THEN 'zero_amount' ELSE 'asset_mismatch' END AS reason
        FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE p.amount = 0 OR p.asset <> a.asset ORDER BY p.id`);
      const counts = await tx.execute<{ entries: number; postings: number }>(sql`
        SELECT (SELECT count(*) FROM journal_entries)::int AS entries, (SELECT count(*) FROM postings)::int AS postings`);
      const expectedLocked = [];
      for (const source of holdSources) {
        for (const hold of await source.expectedLocked(tx))
          expectedLocked.push({ source: source.name, ...hold });
      }
      const breaches = auditLedger({
        accounts: accounts.rows.map((row) => ({
          id: row.id,
          userId: row.user_id,
          asset: row.asset,
          kind: row.kind,
          allowNegative: row.allow_negative,
          cachedBalance: BigInt(row.cached),
          postedBalance: BigInt(row.posted),
        })),
        unbalancedEntries: unbalanced.rows.map((row) => ({
          entryId: row.entry_id,
          asset: row.asset,
          sum: BigInt(row.sum),
        })),
        thinEntries: thin.rows.map((row) => ({ entryId: row.entry_id, postings: row.postings })),
        malformedPostings: malformed.rows.map((row) => ({ postingId: row.posting_id, reason: row.reason })),
        expectedLocked,
      });
      return {
        consistent: breaches.length === 0,
        checkedAt,
        durationMs: Math.round(performance.now() - started),
        accounts: accounts.rows.length,
        entries: counts.rows[0]?.entries ?? 0,
        postings: counts.rows[0]?.postings ?? 0,
        holdSources: holdSources.map((s) => s.name),
        breaches,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** How many breaches a report lists; the count is always complete. */
const REPORTED_BREACHES = 100;

/** The check as the API and the script show it: amounts as strings of minor units. */
export function ledgerReportView(check: LedgerCheck): LedgerReport {
  return {
    consistent: check.consistent,
    checked_at: check.checkedAt.toISOString(),
    duration_ms: check.durationMs,
    accounts: check.accounts,
    entries: check.entries,
    postings: check.postings,
    hold_sources: [...check.holdSources],
    breaches: check.breaches
      .slice(0, REPORTED_BREACHES)
      .map(
        (breach) =>
          Object.fromEntries(
            Object.entries(breach).map(([key, value]) => [key, String(value)]),
          ) as LedgerReport['breaches'][number],
      ),
    breach_count: check.breaches.length,
  };
}
