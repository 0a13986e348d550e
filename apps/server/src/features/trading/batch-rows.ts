import type { apiOrders, trades } from '../../db/schema';
import { type WalletTransactionDraft, walletTransactionColumns } from '../ledger/wallet-history';
import type { OrderRecord } from './trading.repository';

/**
 * The API's record of a new order (api_orders: its client id, unique per key, with Binance's type and
 * time in force), written by the order's batch: the client id is taken exactly when the order exists.
 */
export type ApiOrderRecord = Omit<typeof apiOrders.$inferSelect, 'createdAt'>;

/** A trade as a batch stages it, naming its journal entry by reference. */
export type TradeDraft = Omit<typeof trades.$inferInsert, 'entryId'> & { entryReference: string };

// The rows a batch hands to `trading_write_batch` (migration 0020) as JSON: the tables' column names,
// integers as decimal strings, times as ISO strings. Trades and history rows name their journal entry
// by its 1-based index among the batch's entries.

/** An order as `trading_write_batch` reads it. */
export function orderRow(o: OrderRecord) {
  return {
    id: o.id,
    market_id: o.marketId,
    user_id: o.userId,
    side: o.side,
    price_ticks: o.priceTicks.toString(),
    quantity_lots: o.quantityLots.toString(),
    filled_lots: o.filledLots.toString(),
    cancelled_lots: o.cancelledLots.toString(),
    filled_cost: o.filledCost.toString(),
    filled_quote: o.filledQuote.toString(),
    fee_quote: o.feeQuote.toString(),
    lock_asset: o.lockAsset,
    locked_remaining: o.lockedRemaining.toString(),
    status: o.status,
    seq: o.seq.toString(),
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    stop_price_ticks: o.stopPriceTicks?.toString() ?? null,
    stop_kind: o.stopKind ?? null,
    triggered_at: o.triggeredAt?.toISOString() ?? null,
    order_list_id: o.orderListId ?? null,
    stop_time_in_force: o.stopTimeInForce ?? null,
  };
}

/** An API order record as `trading_write_batch` reads it (migration 0081). */
export function apiOrderRow(r: ApiOrderRecord) {
  return {
    order_id: r.orderId,
    user_id: r.userId,
    key_id: r.keyId,
    client_order_id: r.clientOrderId,
    type: r.type,
    time_in_force: r.timeInForce,
  };
}

export function tradeRow(trade: Omit<TradeDraft, 'entryReference'>) {
  return {
    market_id: trade.marketId,
    maker_order_id: trade.makerOrderId,
    taker_order_id: trade.takerOrderId,
    maker_user_id: trade.makerUserId,
    taker_user_id: trade.takerUserId,
    taker_side: trade.takerSide,
    price_ticks: trade.priceTicks,
    quantity_lots: trade.quantityLots,
    cost: trade.cost,
    buyer_fee: trade.buyerFee,
    seller_fee: trade.sellerFee,
    created_at: (trade.createdAt ?? new Date()).toISOString(),
  };
}

/** A history row (its operation and sides decided by the domain's `historyRow`). */
export function walletTransactionRow(record: WalletTransactionDraft, entry: number) {
  const row = walletTransactionColumns(record);
  return {
    reference: row.reference,
    user_id: row.userId,
    operation_type: row.operationType,
    operation: row.operation,
    from_asset: row.fromAsset,
    from_amount: row.fromAmount,
    to_asset: row.toAsset,
    to_amount: row.toAmount,
    status: row.status,
    entry,
  };
}
