import type { LimitOrder, PublicTrade } from '@exchange/contracts';
import {
  type ExactCost,
  findMarket,
  formatMinor,
  formatPriceTicks,
  formatQuantityLots,
  type MarketUnits,
  marketUnits,
  type PriceTicks,
  type QuantityLots,
  quoteMinor,
} from '@exchange/domain';
import type { trades } from '../../db/schema';
import { type OrderRecord, openLots } from './trading.repository';

const unitsCache = new Map<string, MarketUnits>();

export function unitsOf(marketId: string): MarketUnits {
  let units = unitsCache.get(marketId);
  if (!units) {
    const rules = findMarket(marketId);
    if (!rules) throw new Error(`invariant violated: unknown market ${marketId}`);
    units = marketUnits(rules);
    unitsCache.set(marketId, units);
  }
  return units;
}

/** An exact cost shown in USDT at the ledger's scale, rounded down (a display, not a settlement). */
export function formatCost(units: MarketUnits, cost: bigint): string {
  return formatMinor(quoteMinor(units, cost as ExactCost, 'down'), units.quoteScale);
}

/** An order as the spec's history and open-order lists show it. */
export function orderView(order: OrderRecord): LimitOrder {
  const units = unitsOf(order.marketId);
  const lots = (value: bigint) => formatQuantityLots(units, value as QuantityLots);
  const created = order.createdAt.toISOString();
  return {
    id: order.id,
    time: created,
    createdAt: created,
    updatedAt: order.updatedAt.toISOString(),
    market_id: order.marketId,
    type: 'limit',
    side: order.side,
    quantity: lots(order.quantityLots),
    filled_quantity: lots(order.filledLots),
    cancelled_quantity: lots(order.cancelledLots),
    open_quantity: lots(openLots(order)),
    filled_cost: formatCost(units, order.filledCost),
    price: formatPriceTicks(units, order.priceTicks as PriceTicks),
    status: order.status,
    stop_price:
      order.stopPriceTicks == null ? null : formatPriceTicks(units, order.stopPriceTicks as PriceTicks),
    stop_kind: order.stopKind ?? null,
    triggered_at: order.triggeredAt?.toISOString() ?? null,
    stop_order_type:
      order.stopPriceTicks == null ? null : order.stopTimeInForce === 'market' ? 'market' : 'limit',
    order_list_id: order.orderListId ?? null,
  };
}

export function tradeView(row: typeof trades.$inferSelect): PublicTrade {
  const units = unitsOf(row.marketId);
  return {
    id: row.id.toString(),
    market_id: row.marketId,
    price: formatPriceTicks(units, BigInt(row.priceTicks) as PriceTicks),
    quantity: formatQuantityLots(units, BigInt(row.quantityLots) as QuantityLots),
    cost: formatCost(units, BigInt(row.cost)),
    side: row.takerSide,
    createdAt: row.createdAt.toISOString(),
  };
}
