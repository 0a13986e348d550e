import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { cancelOrder } from './cancel-order';
import type { MarketEngine } from './market-engine';
import { openOrdersOf } from './trading.repository';

/**
 * Cancels every open limit order of the user, each on its market's loop, which releases its hold
 * (an account being disabled: funds stay, orders go). An order that filled or was cancelled in the
 * meantime is simply no longer open and is skipped. Answers how many it cancelled.
 */
export async function cancelOpenOrders(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  engine: MarketEngine,
  userId: string,
): Promise<number> {
  let cancelled = 0;
  for (const order of await openOrdersOf(ctx.db, userId)) {
    try {
      await cancelOrder(ctx, engine, userId, order.marketId, order.id);
      cancelled += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return cancelled;
}
