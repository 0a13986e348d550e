import { type AccountKey, accountName, allowsNegative, assert, scopeOfKey } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';

/** The nil UUID stands for "no owner" in the accounts' unique index, exactly as the index spells it. */
const NO_OWNER = '00000000-0000-0000-0000-000000000000';

const shardOfKey = (key: AccountKey): number => (key.userId === null ? (key.shard ?? 0) : 0);

function uniqueKeys(keys: readonly AccountKey[]): AccountKey[] {
  const byName = new Map(keys.map((key) => [accountName(key), key]));
  // Sorted by name so concurrent transactions creating the same new accounts lock them in one order.
  return [...byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, key]) => key);
}

function keyValues(keys: readonly AccountKey[]) {
  return sql.join(
    keys.map(
      (key) =>
        sql`(${key.userId}::uuid, ${key.asset}::text, ${key.kind}::text, ${shardOfKey(key)}::smallint, ${scopeOfKey(key)}::text)`,
    ),
    sql`, `,
  );
}

async function selectAccounts(
  db: DbOrTx,
  keys: readonly AccountKey[],
): Promise<Map<string, { id: bigint; balance: bigint }>> {
  const found = await db.execute<{
    id: string;
    user_id: string | null;
    asset: string;
    kind: string;
    shard: number;
    scope: string;
    balance: string;
  }>(sql`
    SELECT a.id::text AS id, a.user_id, a.asset, a.kind, a.shard, a.scope, a.balance::text AS balance
    FROM ledger_accounts a
    JOIN (VALUES ${keyValues(keys)}) AS k(user_id, asset, kind, shard, scope)
      ON coalesce(a.user_id, ${NO_OWNER}::uuid) = coalesce(k.user_id, ${NO_OWNER}::uuid)
     AND a.asset = k.asset AND a.kind = k.kind AND a.scope = k.scope AND a.shard = k.shard`);
  const byName = new Map<string, { id: bigint; balance: bigint }>();
  for (const row of found.rows) {
    const name = accountName({
      userId: row.user_id,
      asset: row.asset,
      kind: row.kind,
      shard: row.shard,
      scope: row.scope,
    } as AccountKey);
    byName.set(name, { id: BigInt(row.id), balance: BigInt(row.balance) });
  }
  return byName;
}

/**
 * Returns the id of every account, creating the missing ones (INSERT ... ON CONFLICT DO NOTHING, so
 * two requests creating the same account both end up with the one row). Keyed by `accountName`.
 */
export async function ensureAccounts(db: DbOrTx, keys: readonly AccountKey[]): Promise<Map<string, bigint>> {
  const wanted = uniqueKeys(keys);
  if (wanted.length === 0) return new Map();
  let found = await selectAccounts(db, wanted);
  const missing = wanted.filter((key) => !found.has(accountName(key)));
  if (missing.length > 0) {
    const rows = sql.join(
      missing.map(
        (key) =>
          sql`(${key.userId}::uuid, ${key.asset}, ${key.kind}, ${allowsNegative(key.kind)}, ${shardOfKey(key)}, ${scopeOfKey(key)})`,
      ),
      sql`, `,
    );
    // Sub-accounts of hot system accounts, and a chain's accounts (a scope), are created here too, the
    // first time an entry lands on one.
    await db.execute(sql`
      INSERT INTO ledger_accounts (user_id, asset, kind, allow_negative, shard, scope) VALUES ${rows}
      ON CONFLICT DO NOTHING`);
    found = await selectAccounts(db, wanted);
  }
  const ids = new Map<string, bigint>();
  for (const key of wanted) {
    const account = found.get(accountName(key));
    assert(account, `account ${accountName(key)} exists after being ensured`);
    ids.set(accountName(key), account.id);
  }
  return ids;
}

/** Current balances of the given accounts (zero for accounts that do not exist yet), by `accountName`. */
export async function loadBalances(db: DbOrTx, keys: readonly AccountKey[]): Promise<Map<string, bigint>> {
  const wanted = uniqueKeys(keys);
  if (wanted.length === 0) return new Map();
  const found = await selectAccounts(db, wanted);
  return new Map(wanted.map((key) => [accountName(key), found.get(accountName(key))?.balance ?? 0n]));
}

/**
 * Locks one account's row until the caller's transaction ends (creating the account at zero if need
 * be) and returns its balance: for a decision that must split an amount by what the account holds,
 * with no debit slipping in between the read and the posting.
 */
export async function lockBalance(tx: Tx, key: AccountKey): Promise<bigint> {
  const ids = await ensureAccounts(tx, [key]);
  const id = ids.get(accountName(key))!;
  const found = await tx.execute<{ balance: string }>(sql`
    SELECT balance::text AS balance FROM ledger_accounts WHERE id = ${id.toString()}::bigint FOR UPDATE`);
  return BigInt(found.rows[0]!.balance);
}

/** A user's balance per asset and kind (only accounts that exist). */
export async function loadUserBalances(
  db: DbOrTx,
  userId: string,
): Promise<{ asset: string; kind: string; balance: bigint }[]> {
  const found = await db.execute<{ asset: string; kind: string; balance: string }>(sql`
    SELECT asset, kind, balance::text AS balance FROM ledger_accounts WHERE user_id = ${userId}::uuid`);
  return found.rows.map((row) => ({ asset: row.asset, kind: row.kind, balance: BigInt(row.balance) }));
}

/**
 * The house's position in one asset, in its minor units: the sum of every house account of it (the
 * HOUSE_INVENTORY system account and the accounts of the house liquidity account, the one user of kind
 * SYSTEM, which its resting orders are funded from). Positive: the house has bought more than it sold.
 * Every reader of the house's inventory goes through here, so splitting the house into more accounts
 * only changes this query.
 */
export async function houseInventory(db: DbOrTx, asset: string): Promise<bigint> {
  // Every HOUSE_INVENTORY sub-account (any shard) and the liquidity account's. Both halves match the
  // owner index (coalesce(user_id, nil), asset, kind); the house is found by users_one_system_account.
  const found = await db.execute<{ total: string | null }>(sql`
    SELECT sum(balance)::text AS total FROM (
      SELECT a.balance FROM ledger_accounts a
       WHERE coalesce(a.user_id, ${NO_OWNER}::uuid) = ${NO_OWNER}::uuid
         AND a.asset = ${asset} AND a.kind = 'HOUSE_INVENTORY'
      UNION ALL
      SELECT a.balance FROM ledger_accounts a JOIN users u ON u.kind = 'SYSTEM'
       WHERE coalesce(a.user_id, ${NO_OWNER}::uuid) = u.id AND a.asset = ${asset}
    ) house`);
  return BigInt(found.rows[0]?.total ?? '0');
}
