import { ASSET_CODES, type AssetCode } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

/**
 * Every customer's balance per asset at one instant: available plus held (LOCKED), in minor units.
 * The exchange's own accounts stay out: system accounts (no user) and the house's SYSTEM user. Read in
 * one read-only REPEATABLE READ transaction, which sees one snapshot and takes no lock that stops a
 * trade (the ledger check reads the same way: features/ledger/verify-ledger.ts).
 */
export interface LiabilitySnapshot {
  readonly takenAt: Date;
  /** The report's fixed asset order: the domain's ASSET_CODES. */
  readonly assets: readonly AssetCode[];
  /** Customers in id order; customer i's balances are balances[k*i .. k*i+k). */
  readonly userIds: readonly string[];
  readonly balances: BigInt64Array;
}

export async function snapshotLiabilities(db: Db, now: () => Date): Promise<LiabilitySnapshot> {
  return db.transaction(
    async (tx) => {
      const takenAt = now();
      // Every customer has a leaf, one with nothing too, so every customer can check their entry.
      const rows = await tx.execute<{ user_id: string; asset: string | null; balance: string | null }>(sql`
        SELECT u.id::text AS user_id, a.asset, sum(a.balance)::text AS balance
          FROM users u LEFT JOIN ledger_accounts a ON a.user_id = u.id AND a.kind IN ('AVAILABLE', 'LOCKED')
         WHERE u.kind = 'CUSTOMER'
         GROUP BY u.id, a.asset
         ORDER BY u.id`);
      return tableOf(takenAt, rows.rows);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function tableOf(
  takenAt: Date,
  rows: readonly { user_id: string; asset: string | null; balance: string | null }[],
): LiabilitySnapshot {
  const k = ASSET_CODES.length;
  const column = new Map<string, number>(ASSET_CODES.map((code, i) => [code, i]));
  const userIds: string[] = [];
  for (const row of rows) if (userIds[userIds.length - 1] !== row.user_id) userIds.push(row.user_id);
  const balances = new BigInt64Array(userIds.length * k);
  let user = -1;
  let last = '';
  for (const row of rows) {
    if (row.user_id !== last) {
      user++;
      last = row.user_id;
    }
    // A customer without accounts has one row with no asset; an asset the product no longer lists
    // would have no column in the report (none exists today).
    const a = row.asset === null ? undefined : column.get(row.asset);
    if (a !== undefined) balances[user * k + a] = BigInt(row.balance ?? '0');
  }
  return { takenAt, assets: ASSET_CODES, userIds, balances };
}
