import type { LimitOrder } from '@exchange/contracts';
import type { ApiOrderRow } from '../binance-api/api-orders.repository';
import { symbolOf } from '../binance-api/binance-params';
import type { ApiOrderListRow } from '../binance-api/order-lists.repository';
import type { FillMark } from './execution-report';

/** One order's change in a committed batch, as the user data feed sees it. */
export interface OrderChange {
  readonly order: LimitOrder;
  readonly before: FillMark | undefined;
}

/**
 * Binance's listStatus events for the OCO lists a batch touched (issue 48): EXEC_STARTED/EXECUTING
 * when a list's legs are new to this process with nothing filled (its placement), ALL_DONE when the
 * batch ended its last open leg (a fill or trigger of one leg cancels the other in the same batch, so
 * both are in it). A list's other changes (a partial fill, a trigger) are told by executionReport
 * alone, as Binance does.
 */
export function listStatusEvents(
  changes: readonly OrderChange[],
  lists: ReadonlyMap<string, ApiOrderListRow>,
  api: ReadonlyMap<string, ApiOrderRow>,
  nowMs: number,
): Record<string, unknown>[] {
  const byList = new Map<string, OrderChange[]>();
  for (const change of changes) {
    const listId = change.order.order_list_id;
    if (listId) byList.set(listId, [...(byList.get(listId) ?? []), change]);
  }
  const events: Record<string, unknown>[] = [];
  for (const [listId, legs] of byList) {
    const placed = legs.every(
      (leg) => !leg.before && leg.order.status === 'open' && /^0(\.0*)?$/.test(leg.order.filled_quantity),
    );
    const done = legs.length === 2 && legs.every((leg) => leg.order.status !== 'open');
    if (!placed && !done) continue;
    const [base, quote] = (legs[0]?.order.market_id ?? '-').split('-') as [string, string];
    const symbol = symbolOf({ base, quote });
    // The stop leg first, as the REST answers list them.
    const ordered = [...legs].sort((a, b) => (b.order.stop_price ? 1 : 0) - (a.order.stop_price ? 1 : 0));
    events.push({
      e: 'listStatus',
      E: nowMs,
      s: symbol,
      g: listId,
      c: 'OCO',
      l: done ? 'ALL_DONE' : 'EXEC_STARTED',
      L: done ? 'ALL_DONE' : 'EXECUTING',
      r: 'NONE',
      C: lists.get(listId)?.listClientOrderId ?? `web_${listId.replaceAll('-', '')}`,
      T: Math.max(...legs.map((leg) => Date.parse(leg.order.updatedAt))),
      O: ordered.map(({ order }) => ({
        s: symbol,
        i: order.id,
        c: api.get(order.id)?.clientOrderId ?? `web_${order.id.replaceAll('-', '')}`,
      })),
    });
  }
  return events;
}
