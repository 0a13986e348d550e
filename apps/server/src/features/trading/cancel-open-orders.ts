import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { cancelOrder } from './cancel-order';
import type { MarketEngine } from './market-engine';
import { openOrdersOf } from './trading.repository';

/**
 * Cancels every open limit order of the user, each on its market's loop, which releases its hold
 * (an account being disabled: funds stay, orders go). An order that filled or was cancelled in the
 * meantime is simply no longer open and is skipped. With `marketId`, only the orders on that market
 * (the trading page's 'Cancel all', issue 48). Answers how many it cancelled.
 */
export async function cancelOpenOrders(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  engine: MarketEngine,
  userId: string,
  marketId?: string,
): Promise<number> {
  let cancelled = 0;
  for (const order of await openOrdersOf(ctx.db, userId)) {
    if (marketId !== undefined && order.marketId !== marketId) continue;
    try {
      await cancelOrder(ctx, engine, userId, order.marketId, order.id);
      cancelled += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return cancelled;
}
