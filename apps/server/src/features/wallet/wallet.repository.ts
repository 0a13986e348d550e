import { and, count, desc, eq, ilike, or, type Placeholder, sql } from 'drizzle-orm';
import { trades, userHistoryCounts, walletTransactions } from '../../db/schema';
import { type DbOrTx, perDatabase } from '../../platform/db';
import { ownRows, ownRowsNewestFirst } from '../../platform/own-rows';
import { containsPattern } from '../../platform/search';

/** The user's kept count of wallet transactions (user_history_counts): one keyed read, not a count. */
function countingOf(db: DbOrTx, userId: string | Placeholder) {
  return db
    .select({ n: sql<number>`coalesce(max(${userHistoryCounts.walletTransactions}), 0)`.mapWith(Number) })
    .from(userHistoryCounts)
    .where(eq(userHistoryCounts.userId, userId));
}

/**
 * The page query, built once per database handle: the history screens read it on every visit, and
 * building this join with drizzle cost more of the server's CPU than PostgreSQL spends running it
 * (0.03 ms). Its name is empty on purpose: PostgreSQL's unnamed statement, parsed and planned with
 * each user's values as any other query. A named statement would get a generic plan after five runs,
 * and that plan, blind to the user, scans every user's rows and sorts them. A limit fill's row is
 * settled by its trade's entry: the trade gives the fill's price. The total rides along as a scalar
 * subquery (one round trip).
 */
function pageQueryOf(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      row: walletTransactions,
      tradeMarket: trades.marketId,
      tradePriceTicks: trades.priceTicks,
      total: sql<number>`(${countingOf(db, userId)})`.mapWith(Number),
    })
    .from(walletTransactions)
    .leftJoin(trades, eq(trades.entryId, walletTransactions.entryId))
    .where(ownRows(walletTransactions.userId, userId))
    .orderBy(
      ...ownRowsNewestFirst(
        walletTransactions.userId,
        desc(walletTransactions.createdAt),
        desc(walletTransactions.id),
      ),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('');
}

const pageQuery = perDatabase(pageQueryOf);

/**
 * A page of the user's rows matching `search` (anywhere in the operation, its type, the status or
 * either coin code), newest first, and how many match: built per call, and counted, as a search is.
 */
async function searchWalletTransactions(
  db: DbOrTx,
  userId: string,
  page: number,
  limit: number,
  search: string,
) {
  const pattern = containsPattern(search);
  const where = and(
    ownRows(walletTransactions.userId, userId),
    or(
      ilike(walletTransactions.operation, pattern),
      ilike(walletTransactions.operationType, pattern),
      ilike(walletTransactions.status, pattern),
      ilike(walletTransactions.fromAsset, pattern),
      ilike(walletTransactions.toAsset, pattern),
    ),
  );
  const rows = await db
    .select({ row: walletTransactions, tradeMarket: trades.marketId, tradePriceTicks: trades.priceTicks })
    .from(walletTransactions)
    .leftJoin(trades, eq(trades.entryId, walletTransactions.entryId))
    .where(where)
    .orderBy(
      ...ownRowsNewestFirst(
        walletTransactions.userId,
        desc(walletTransactions.createdAt),
        desc(walletTransactions.id),
      ),
    )
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(walletTransactions).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A page of the user's wallet transactions, newest first, and how many there are in all (or match). */
export async function listWalletTransactions(
  db: DbOrTx,
  userId: string,
  page: number,
  limit: number,
  search?: string,
) {
  if (search) return searchWalletTransactions(db, userId, page, limit, search);
  const found = await pageQuery(db).execute({ userId, limit, offset: (page - 1) * limit });
  // A page past the end has no row to carry the total, so it asks for it alone.
  const total = found[0]?.total ?? (page > 1 ? ((await countingOf(db, userId))[0]?.n ?? 0) : 0);
  const rows = found.map(({ total: _total, ...row }) => row);
  return { rows, total };
}

/**
 * Net USD the user brought in through the payment provider, in cents: what their entries took from
 * payment clearing (deposits) less what they gave back to it (withdrawals, once they exist).
 */
export async function netDepositedCents(db: DbOrTx, userId: string): Promise<bigint> {
  const result = await db.execute<{ cents: string }>(sql`
    SELECT coalesce(-sum(p.amount), 0)::text AS cents
    FROM journal_entries e
    JOIN postings p ON p.entry_id = e.id
    JOIN ledger_accounts a ON a.id = p.account_id
    WHERE e.user_id = ${userId}::uuid AND a.kind = 'PAYMENT_CLEARING' AND a.asset = 'USD'`);
  return BigInt(result.rows[0]?.cents ?? '0');
}

export interface WalletFigures {
  readonly balances: { asset: string; kind: string; balance: bigint }[];
  readonly interest: Map<string, bigint>;
}

/**
 * What the wallet view needs, in one round trip: each user's balance per asset and kind, and the
 * staking interest paid so far per coin (redeemed and restaked stakes). Every order, trade and cancel
 * answers with the wallet, so this is on every money-moving request; it reads many users at once, so
 * the answers of a whole market batch cost one statement (get-wallet.ts coalesces them).
 */
export async function walletFiguresOf(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, WalletFigures>> {
  const ids = sql.param([...userIds]);
  const found = await db.execute<{ user_id: string; asset: string; kind: string; amount: string }>(sql`
    SELECT user_id::text, asset, kind, balance::text AS amount
      FROM ledger_accounts WHERE user_id = ANY(${ids}::uuid[])
    UNION ALL
    SELECT user_id::text, asset, 'INTEREST' AS kind, coalesce(sum(interest), 0)::text AS amount
      FROM stakes WHERE user_id = ANY(${ids}::uuid[]) AND status IN ('SUCCESS', 'CLOSED')
     GROUP BY user_id, asset`);
  const out = new Map<string, WalletFigures>();
  for (const id of userIds) out.set(id, { balances: [], interest: new Map() });
  for (const row of found.rows) {
    const figures = out.get(row.user_id);
    if (!figures) continue;
    if (row.kind === 'INTEREST') figures.interest.set(row.asset, BigInt(row.amount));
    else figures.balances.push({ asset: row.asset, kind: row.kind, balance: BigInt(row.amount) });
  }
  return out;
}
