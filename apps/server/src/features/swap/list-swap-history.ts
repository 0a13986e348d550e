import type { WalletTransaction } from '@exchange/contracts';
import { formatMinor, getAsset, isAssetCode } from '@exchange/domain';
import type { DbOrTx } from '../../platform/db';
import { listSwapTransactions } from './swap.repository';

function side(asset: string | null, amount: string | null): WalletTransaction['from'] {
  if (asset === null || amount === null) return null;
  const scale = isAssetCode(asset) ? getAsset(asset).scale : 0;
  return { currency_code: asset, amount: formatMinor(BigInt(amount), scale) };
}

/** The user's swaps and MULTI purchases as the history lists them, newest first, a page at a time. */
export async function listSwapHistory(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<{ items: WalletTransaction[]; total: number }> {
  const { rows, total } = await listSwapTransactions(db, userId, query);
  const items = rows.map((row) => ({
    _id: row.id,
    operation_type: row.operationType,
    operation: row.operation,
    from: side(row.fromAsset, row.fromAmount),
    to: side(row.toAsset, row.toAmount),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, total };
}
