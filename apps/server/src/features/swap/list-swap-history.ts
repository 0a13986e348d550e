import type { WalletTransaction } from '@exchange/contracts';
import { formatMinor, getAsset, isAssetCode } from '@exchange/domain';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { walletTransactions } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

function side(asset: string | null, amount: string | null): WalletTransaction['from'] {
  if (asset === null || amount === null) return null;
  const scale = isAssetCode(asset) ? getAsset(asset).scale : 0;
  return { currency_code: asset, amount: formatMinor(BigInt(amount), scale) };
}

/**
 * The user's swaps and MULTI purchases (wallet transactions of type CRYPTO_TO_CRYPTO), newest first, a
 * page at a time; `search` matches either coin code. Served by the (user, type, created_at) index.
 */
export async function listSwapHistory(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<{ items: WalletTransaction[]; total: number }> {
  const filters: SQL[] = [
    eq(walletTransactions.userId, userId),
    eq(walletTransactions.operationType, 'CRYPTO_TO_CRYPTO'),
  ];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(ilike(walletTransactions.fromAsset, pattern), ilike(walletTransactions.toAsset, pattern))!,
    );
  }
  const where = and(...filters);
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(where)
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(walletTransactions).where(where);
  const items = rows.map((row) => ({
    _id: row.id,
    operation_type: row.operationType,
    operation: row.operation,
    from: side(row.fromAsset, row.fromAmount),
    to: side(row.toAsset, row.toAmount),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, total: total?.n ?? 0 };
}
