import { desc, eq } from 'drizzle-orm';
import { trades } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import type { OrderRecord } from './trading.repository';

/** A stop that still waits off the book for its trigger (issue 48). */
export function isWaitingStop(order: OrderRecord): boolean {
  return order.status === 'open' && order.stopPriceTicks != null && order.triggeredAt == null;
}

/** The market's last trade price in ticks (what stops are checked against), null before any trade. */
export async function lastTradePrice(db: DbOrTx, marketId: string): Promise<bigint | null> {
  const [row] = await db
    .select({ price: trades.priceTicks })
    .from(trades)
    .where(eq(trades.marketId, marketId))
    .orderBy(desc(trades.id))
    .limit(1);
  return row ? BigInt(row.price) : null;
}
