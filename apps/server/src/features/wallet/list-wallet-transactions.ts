import type { WalletTransaction } from '@exchange/contracts';
import {
  findMarket,
  formatMinor,
  formatPriceTicks,
  getAsset,
  isAssetCode,
  marketUnits,
  type PriceTicks,
} from '@exchange/domain';
import type { DbOrTx } from '../../platform/db';
import { listWalletTransactions } from './wallet.repository';

function side(asset: string | null, amount: string | null): WalletTransaction['from'] {
  if (asset === null || amount === null) return null;
  const scale = isAssetCode(asset) ? getAsset(asset).scale : 0;
  return { currency_code: asset, amount: formatMinor(BigInt(amount), scale) };
}

/** A limit fill's price in its market's quote, from the trade that settled it; nothing for other rows. */
function fillPrice(marketId: string | null, priceTicks: string | null): { price?: string } {
  const rules = marketId ? findMarket(marketId) : undefined;
  if (!rules || priceTicks === null) return {};
  return { price: formatPriceTicks(marketUnits(rules), BigInt(priceTicks) as PriceTicks) };
}

/** The user's wallet transactions, newest first, a page at a time; `search` narrows them. */
export async function listUserWalletTransactions(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined },
) {
  const { rows, total } = await listWalletTransactions(db, userId, query.page, query.limit, query.search);
  const items: WalletTransaction[] = rows.map(({ row, tradeMarket, tradePriceTicks }) => ({
    _id: row.id,
    operation_type: row.operationType,
    operation: row.operation,
    from: side(row.fromAsset, row.fromAmount),
    to: side(row.toAsset, row.toAmount),
    ...fillPrice(tradeMarket, tradePriceTicks),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, total };
}
