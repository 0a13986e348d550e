import type { OrderRecord } from '../trading/trading.repository';
import { binanceOrder, newOrderAnswer } from './api-order-view';
import type { ApiOrderRow } from './api-orders.repository';
import type { ApiOrderListRow } from './order-lists.repository';

/** The stop leg first, then the limit leg, as Binance lists an OCO's orders. */
export function legsInBinanceOrder(legs: readonly OrderRecord[]): OrderRecord[] {
  const isStop = (leg: OrderRecord) => leg.stopPriceTicks != null;
  return [...legs.filter(isStop), ...legs.filter((leg) => !isStop(leg))];
}

/**
 * An order list as GET /api/v3/orderList, allOrderList and openOrderList answer it: executing while
 * a leg is open, all done once both have ended. A list placed on the web has no client id; it is
 * shown as `web_<id>`, as its orders are.
 */
export function binanceOrderList(
  listId: string,
  legs: readonly OrderRecord[],
  list: ApiOrderListRow | undefined,
  api: ReadonlyMap<string, ApiOrderRow>,
) {
  const ordered = legsInBinanceOrder(legs);
  const executing = legs.some((leg) => leg.status === 'open');
  const views = ordered.map((leg) => binanceOrder(leg, api.get(leg.id)));
  return {
    orderListId: listId,
    contingencyType: 'OCO',
    listStatusType: executing ? 'EXEC_STARTED' : 'ALL_DONE',
    listOrderStatus: executing ? 'EXECUTING' : 'ALL_DONE',
    listClientOrderId: list?.listClientOrderId ?? `web_${listId.replaceAll('-', '')}`,
    transactionTime: Math.max(...legs.map((leg) => leg.updatedAt.getTime())),
    symbol: views[0]?.symbol ?? '',
    orders: views.map((view) => ({
      symbol: view.symbol,
      orderId: view.orderId,
      clientOrderId: view.clientOrderId,
    })),
  };
}

/**
 * POST /api/v3/orderList/oco's and /order/oco's answer: the list, and each leg as POST /api/v3/order
 * answers an order (RESULT fields unless ACK or FULL was asked for). A placement reports
 * EXEC_STARTED/EXECUTING even when a leg already ended, as Binance does.
 */
export function placedListAnswer(
  listId: string,
  legs: readonly OrderRecord[],
  list: ApiOrderListRow,
  api: ReadonlyMap<string, ApiOrderRow>,
  respType: 'ACK' | 'RESULT' | 'FULL',
) {
  const view = binanceOrderList(listId, legs, list, api);
  return {
    ...view,
    listStatusType: 'EXEC_STARTED',
    listOrderStatus: 'EXECUTING',
    transactionTime: list.createdAt.getTime(),
    orderReports: legsInBinanceOrder(legs).map((leg) => newOrderAnswer(leg, api.get(leg.id), respType)),
  };
}

/** DELETE /api/v3/orderList's answer: the list all done, each leg as DELETE /api/v3/order answers it. */
export function cancelledListAnswer(
  listId: string,
  legs: readonly OrderRecord[],
  list: ApiOrderListRow | undefined,
  api: ReadonlyMap<string, ApiOrderRow>,
) {
  const view = binanceOrderList(listId, legs, list, api);
  return {
    ...view,
    listStatusType: 'ALL_DONE',
    listOrderStatus: 'ALL_DONE',
    orderReports: legsInBinanceOrder(legs).map((leg) => {
      const order = binanceOrder(leg, api.get(leg.id));
      return { ...order, origClientOrderId: order.clientOrderId, transactTime: leg.updatedAt.getTime() };
    }),
  };
}
