import {
  allOrderListParamsSchema,
  cancelOrderListParamsSchema,
  legacyOcoParamsSchema,
  openOrderListParamsSchema,
  orderListOcoParamsSchema,
  orderListParamsSchema,
} from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import type { SignedPermission } from '../api-keys/authenticate-signed-request';
import type { TradingRuntime } from '../trading/trading-runtime';
import { parseParams } from './binance-params';
import { placeApiOrderList, specOfLegacyOco, specOfOrderList } from './place-order-list';
import {
  allApiOrderLists,
  cancelApiOrderList,
  getApiOrderList,
  openApiOrderLists,
} from './query-order-lists';

type Params = Record<string, string | undefined>;

/** binance-api.routes.ts's signed route: the weights, the key's check, then `answer`. */
export type SignedRouteOf = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  permission: SignedPermission,
  weight: number,
  answer: (caller: { userId: string; keyId: string }, params: Params) => unknown,
) => unknown;

/**
 * Binance's OCO order-list endpoints (issue 48), with Binance's weights: placing (the current
 * /orderList/oco and the legacy /order/oco), one list, all lists, the open ones, and cancelling one.
 */
export function registerOrderListRoutes(
  signedRoute: SignedRouteOf,
  ctx: AppContext,
  trading: TradingRuntime,
) {
  signedRoute('POST', '/orderList/oco', 'trade', 1, (caller, params) =>
    placeApiOrderList(ctx, trading, caller, specOfOrderList(parseParams(orderListOcoParamsSchema, params))),
  );
  signedRoute('POST', '/order/oco', 'trade', 1, (caller, params) =>
    placeApiOrderList(ctx, trading, caller, specOfLegacyOco(parseParams(legacyOcoParamsSchema, params))),
  );
  signedRoute('GET', '/orderList', 'read', 4, (caller, params) =>
    getApiOrderList(ctx, caller, parseParams(orderListParamsSchema, params)),
  );
  signedRoute('GET', '/allOrderList', 'read', 20, (caller, params) =>
    allApiOrderLists(ctx, caller, parseParams(allOrderListParamsSchema, params)),
  );
  signedRoute('GET', '/openOrderList', 'read', 6, (caller, params) => {
    parseParams(openOrderListParamsSchema, params);
    return openApiOrderLists(ctx, caller);
  });
  signedRoute('DELETE', '/orderList', 'trade', 1, (caller, params) =>
    cancelApiOrderList(ctx, trading, caller, parseParams(cancelOrderListParamsSchema, params)),
  );
}
