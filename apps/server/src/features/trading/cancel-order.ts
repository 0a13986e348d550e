import { messages } from '@exchange/contracts';
import { cancelWithStops } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import type { MarketEngine } from './market-engine';
import { persistEvents } from './settle-events';
import type { OrderRecord } from './trading.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Cancels one of the user's open orders on its market's loop: the book drops it, the order records
 * its unfilled quantity as cancelled and its hold's remainder goes back to AVAILABLE, in one
 * transaction; a waiting stop leaves the stop book, and cancelling an OCO leg cancels both legs.
 * Someone else's order, an unknown id or another market's id: 404, as if it did not
 * exist. An order that is no longer open: 409.
 */
export async function cancelOrder(
  ctx: Pick<AppContext, 'clock'>,
  engine: MarketEngine,
  userId: string,
  marketId: string,
  orderId: string,
): Promise<OrderRecord> {
  const market = engine.market(marketId);
  if (!market || !UUID.test(orderId)) throw new AppError('not_found', messages.orderNotFound);
  return engine.run(
    marketId,
    async (state, seq, writes) => {
      const order = await writes.findOrder(orderId);
      if (!order || order.userId !== userId || order.marketId !== marketId)
        throw new AppError('not_found', messages.orderNotFound);
      if (order.status !== 'open') throw new AppError('conflict', messages.orderNotOpen);
      // A waiting stop leaves the stop book; an OCO leg takes its sibling with it (issue 48).
      const cancelled = cancelWithStops(state, seq, { orderId, userId });
      if (!cancelled) throw new AppError('conflict', messages.orderNotOpen);
      const effects = await persistEvents(writes, {
        rules: state.rules,
        units: state.units,
        seq,
        events: cancelled.events,
        known: [order],
        now: ctx.clock.now(),
      });
      // The settled copy carries the fills and status the command gave the order.
      return { result: effects.orders.find((o) => o.id === orderId) ?? order, effects };
    },
    { userIds: [userId], orderIds: [orderId] },
  );
}
