import { randomInt } from 'node:crypto';
import {
  type AccountKey,
  accountName,
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
import { journalEntries, postings } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';
import { notifyBalancesChanged } from './balance-events';

/** The nil UUID stands for "no owner" in the accounts' unique index, exactly as the index spells it. */
const NO_OWNER = '00000000-0000-0000-0000-000000000000';

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

const shardOfKey = (key: AccountKey): number => (key.userId === null ? (key.shard ?? 0) : 0);

export interface PostedEntry {
  readonly entryId: bigint;
  /** The balance of every account the entry touched, after it, keyed by `accountName`. */
  readonly balances: ReadonlyMap<string, bigint>;
}

export type PostRejection = 'insufficient_funds' | 'duplicate_reference';

/** Thrown inside the entry's savepoint to roll it back; turned into a rejection value outside it. */
class PostingRefused extends Error {
  constructor(
    readonly code: PostRejection,
    readonly params?: Record<string, string>,
  ) {
    super(code);
  }
}

function uniqueKeys(keys: readonly AccountKey[]): AccountKey[] {
  const byName = new Map(keys.map((key) => [accountName(key), key]));
  // Sorted by name so concurrent transactions creating the same new accounts lock them in one order.
  return [...byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, key]) => key);
}

function keyValues(keys: readonly AccountKey[]) {
  return sql.join(
    keys.map(
      (key) =>
        sql`(${key.userId}::uuid, ${key.asset}::text, ${key.kind}::text, ${shardOfKey(key)}::smallint)`,
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
    balance: string;
  }>(sql`
    SELECT a.id::text AS id, a.user_id, a.asset, a.kind, a.shard, a.balance::text AS balance
    FROM ledger_accounts a
    JOIN (VALUES ${keyValues(keys)}) AS k(user_id, asset, kind, shard)
      ON coalesce(a.user_id, ${NO_OWNER}::uuid) = coalesce(k.user_id, ${NO_OWNER}::uuid)
     AND a.asset = k.asset AND a.kind = k.kind AND a.shard = k.shard`);
  const byName = new Map<string, { id: bigint; balance: bigint }>();
  for (const row of found.rows) {
    const name = accountName({
      userId: row.user_id,
      asset: row.asset,
      kind: row.kind,
      shard: row.shard,
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
          sql`(${key.userId}::uuid, ${key.asset}, ${key.kind}, ${allowsNegative(key.kind)}, ${shardOfKey(key)})`,
      ),
      sql`, `,
    );
    // Sub-accounts of hot system accounts are created here too, the first time an entry lands on one.
    await db.execute(sql`
      INSERT INTO ledger_accounts (user_id, asset, kind, allow_negative, shard) VALUES ${rows}
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
 * The one order in which every writer of the ledger locks accounts: user accounts first, then system
 * accounts, each by ascending id. One global order means no deadlock; system accounts last means the
 * shared ones (house inventory, fees: every instant trade and fill touches them) are locked as late as
 * possible and held only for the rest of the transaction, not while the users' rows are updated.
 */
export function accountLockOrder(
  a: { id: bigint; system: boolean },
  b: { id: bigint; system: boolean },
): number {
  if (a.system !== b.system) return a.system ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

async function postInside(tx: Tx, draft: EntryDraft): Promise<PostedEntry> {
  const ids = await ensureAccounts(
    tx,
    draft.postings.map((p) => p.account),
  );
  const [entry] = await tx
    .insert(journalEntries)
    .values({ kind: draft.kind, reference: draft.reference, userId: draft.userId, memo: draft.memo ?? {} })
    .onConflictDoNothing({ target: journalEntries.reference })
    .returning({ id: journalEntries.id });
  if (!entry) throw new PostingRefused('duplicate_reference');

  // Conditional updates in the ledger's lock order (`accountLockOrder`), so two entries touching the
  // same accounts wait for each other instead of deadlocking.
  const lines = draft.postings
    .map((p) => ({ ...p, accountId: ids.get(accountName(p.account))! }))
    .sort((a, b) =>
      accountLockOrder(
        { id: a.accountId, system: a.account.userId === null },
        { id: b.accountId, system: b.account.userId === null },
      ),
    );
  // Locked in that order by one statement, then every balance moved by one conditional UPDATE (its
  // rows already held, so its own order does not matter); an account the entry would overdraw is
  // missing from what it returns.
  const deltas = new Map<bigint, bigint>();
  for (const line of lines) deltas.set(line.accountId, (deltas.get(line.accountId) ?? 0n) + line.amount);
  const ordered = [...new Set(lines.map((line) => line.accountId))];
  await tx.execute(sql`
    SELECT id FROM ledger_accounts
    WHERE id IN (${sql.join(
      ordered.map((id) => sql`${id.toString()}::bigint`),
      sql`, `,
    )})
    ORDER BY (user_id IS NULL), id FOR UPDATE`);
  const values = sql.join(
    ordered.map((id) => sql`(${id.toString()}::bigint, ${deltas.get(id)!.toString()}::numeric)`),
    sql`, `,
  );
  const updated = await tx.execute<{ id: string; balance: string }>(sql`
    UPDATE ledger_accounts a
       SET balance = a.balance + v.delta, updated_at = now()
      FROM (VALUES ${values}) AS v(id, delta)
     WHERE a.id = v.id AND (a.allow_negative OR a.balance + v.delta >= 0)
    RETURNING a.id::text AS id, a.balance::text AS balance`);
  const after = new Map(updated.rows.map((row) => [row.id, BigInt(row.balance)]));
  const balances = new Map<string, bigint>();
  for (const line of lines) {
    const balance = after.get(line.accountId.toString());
    if (balance === undefined) throw new PostingRefused('insufficient_funds', { asset: line.account.asset });
    balances.set(accountName(line.account), balance);
  }
  await tx.insert(postings).values(
    lines.map((line) => ({
      entryId: entry.id,
      accountId: line.accountId,
      asset: line.account.asset,
      amount: line.amount.toString(),
    })),
  );
  // Inside the entry's savepoint: its users hear of it only if it (and its transaction) commits.
  await notifyBalancesChanged(
    tx,
    lines.map((line) => line.account.userId),
  );
  return { entryId: entry.id, balances };
}

/**
 * Posts one journal entry: the entry row (its unique `reference` makes a business event post at most
 * once), a conditional balance update per posting (a debit only where the balance covers it, never
 * read-then-write), and the postings. It runs in its own savepoint (or transaction, given the
 * database), so a rejection leaves nothing behind and the caller's transaction stays usable.
 * Rejections: 'duplicate_reference' (the event already posted), then 'insufficient_funds' (with the
 * asset). An entry that is not balanced, or otherwise malformed, is a bug and throws.
 */
export async function postEntry(db: DbOrTx, draft: EntryDraft): Promise<Result<PostedEntry, PostRejection>> {
  const shape = validateEntry(draft.postings);
  assert(shape.ok, `entry ${draft.reference} is malformed: ${shape.ok ? '' : shape.code}`);
  // House and fee postings land on the sub-account the entry's reference hashes to (hot rows).
  const spread = { ...draft, postings: spreadHotPostingsTo(draft.postings, nextHotShard()) };
  try {
    return ok(await (db as Tx).transaction((tx) => postInside(tx, spread)));
  } catch (error) {
    if (error instanceof PostingRefused) return reject(error.code, error.params);
    throw error;
  }
}

/**
 * The house's position in one asset, in its minor units: the sum of every house account of it (the
 * HOUSE_INVENTORY system account and the accounts of the house liquidity user, named by its e-mail,
 * which its resting orders are funded from; without the e-mail, the inventory accounts alone).
 * Positive: the house has bought more than it sold. Every
 * reader of the house's inventory goes through here, so splitting the house into more accounts only
 * changes this query.
 */
export async function houseInventory(db: DbOrTx, asset: string, houseEmail?: string): Promise<bigint> {
  // Every HOUSE_INVENTORY sub-account (any shard) and, given its e-mail, the liquidity user's
  // accounts. Both halves match the owner index (coalesce(user_id, nil), asset, kind), so no scan.
  const liquidityUser = houseEmail
    ? sql`UNION ALL
      SELECT a.balance FROM ledger_accounts a JOIN users u ON u.email = ${houseEmail}
       WHERE coalesce(a.user_id, ${NO_OWNER}::uuid) = u.id AND a.asset = ${asset}`
    : sql``;
  const found = await db.execute<{ total: string | null }>(sql`
    SELECT sum(balance)::text AS total FROM (
      SELECT a.balance FROM ledger_accounts a
       WHERE coalesce(a.user_id, ${NO_OWNER}::uuid) = ${NO_OWNER}::uuid
         AND a.asset = ${asset} AND a.kind = 'HOUSE_INVENTORY'
      ${liquidityUser}
    ) house`);
  return BigInt(found.rows[0]?.total ?? '0');
}
