import { and, count, desc, eq, gt, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { swapQuotes, swapRows, walletTransactions } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { ownRows, ownRowsNewestFirst } from '../../platform/own-rows';
import { containsPattern } from '../../platform/search';

export type SwapQuoteRow = typeof swapQuotes.$inferSelect;
export type NewSwapQuote = typeof swapQuotes.$inferInsert;
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;

export async function insertSwapQuote(db: DbOrTx, values: NewSwapQuote): Promise<SwapQuoteRow> {
  const [row] = await db.insert(swapQuotes).values(values).returning();
  return row!;
}

export async function findSwapQuote(db: DbOrTx, id: string): Promise<SwapQuoteRow | undefined> {
  const [row] = await db.select().from(swapQuotes).where(eq(swapQuotes.id, id));
  return row;
}

/** Marks the quote used if it is still unused and unexpired at `now`; undefined when another got it. */
export async function claimSwapQuote(db: DbOrTx, id: string, now: Date): Promise<SwapQuoteRow | undefined> {
  const [row] = await db
    .update(swapQuotes)
    .set({ usedAt: now })
    .where(and(eq(swapQuotes.id, id), isNull(swapQuotes.usedAt), gt(swapQuotes.expiresAt, now)))
    .returning();
  return row;
}

/**
 * The user's swaps and MultiCoin buys, newest first, a page at a time; `search` matches either coin
 * code. Served by the partial index of swap rows (wallet_transactions_user_swaps_idx), whose predicate
 * (`swapRows`) the filter repeats word for word so the planner can use it.
 */
export async function listSwapTransactions(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<{ rows: WalletTransactionRow[]; total: number }> {
  const filters: SQL[] = [ownRows(walletTransactions.userId, userId), swapRows(walletTransactions.operation)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(ilike(walletTransactions.fromAsset, pattern), ilike(walletTransactions.toAsset, pattern))!,
    );
  }
  const where = and(...filters);
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(where)
    .orderBy(
      ...ownRowsNewestFirst(
        walletTransactions.userId,
        desc(walletTransactions.createdAt),
        desc(walletTransactions.id),
      ),
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(walletTransactions).where(where);
  return { rows, total: total?.n ?? 0 };
}
