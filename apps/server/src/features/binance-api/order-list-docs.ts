import {
  allOrderListParamsSchema,
  cancelOrderListParamsSchema,
  legacyOcoParamsSchema,
  orderListOcoParamsSchema,
  orderListParamsSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import * as shape from './binance-api-answer-docs';

/**
 * The OCO order-list routes (issue 48) as the OpenAPI document at /api/docs shows them; merged into
 * binance-api-docs.ts's signed routes. Documentation only, as there.
 */

/** binance-api-docs.ts's RouteDoc (repeated here: that file imports this one). */
interface RouteDoc {
  readonly summary: string;
  readonly weight: string;
  readonly params?: z.ZodObject;
  readonly answer: z.ZodType;
  readonly errors?: string;
}

const SIGNED_400 =
  '-1102 a mandatory parameter (timestamp, signature, …) missing; -1100 a malformed one; -1121 an unknown symbol; -1022 a wrong signature; -1021 a timestamp outside recvWindow.';
const list = z.object({
  orderListId: z.string().describe('Our list id (a UUID; Binance has integers: treat it as opaque text)'),
  contingencyType: z.literal('OCO'),
  listStatusType: z.enum(['EXEC_STARTED', 'ALL_DONE']),
  listOrderStatus: z.enum(['EXECUTING', 'ALL_DONE']),
  listClientOrderId: z.string(),
  transactionTime: shape.ms,
  symbol: z.string(),
  orders: z.array(z.object({ symbol: z.string(), orderId: z.string(), clientOrderId: z.string() })),
});
const placed = list.extend({ orderReports: z.array(shape.newOrderAnswer) });
const PLACE_ERRORS = `${SIGNED_400} -1117 an unknown side; -1116 an unknown leg type; -1115 an unknown time in force; -1106 a parameter the leg does not take; -1014 a combination other than LIMIT_MAKER with STOP_LOSS_LIMIT (a SELL's LIMIT_MAKER above, a BUY's below); -1013 a filter failure; -2010 refused: the prices on the wrong sides of the last price ('The relationship of the prices for the orders is not correct.'), insufficient balance, a LIMIT_MAKER that would match, a duplicate client id, no trade yet.`;

export const ORDER_LIST_DOCS: Readonly<Record<string, RouteDoc>> = {
  'POST /orderList/oco': {
    summary: 'New order list - OCO (TRADE)',
    weight: '1',
    params: orderListOcoParamsSchema,
    answer: placed,
    errors: PLACE_ERRORS,
  },
  'POST /order/oco': {
    summary: 'New OCO - deprecated form (TRADE)',
    weight: '1',
    params: legacyOcoParamsSchema,
    answer: placed,
    errors: `${PLACE_ERRORS} Without stopLimitPrice (a STOP_LOSS leg): -1014.`,
  },
  'GET /orderList': {
    summary: 'Query order list (USER_DATA)',
    weight: '4',
    params: orderListParamsSchema,
    answer: list,
    errors: `${SIGNED_400} -2013 no such list of the caller's.`,
  },
  'GET /allOrderList': {
    summary: 'Query all order lists (USER_DATA)',
    weight: '20',
    params: allOrderListParamsSchema,
    answer: z.array(list),
  },
  'GET /openOrderList': {
    summary: 'Query open order lists (USER_DATA)',
    weight: '6',
    answer: z.array(list),
  },
  'DELETE /orderList': {
    summary: 'Cancel order list (TRADE)',
    weight: '1',
    params: cancelOrderListParamsSchema,
    answer: list.extend({
      orderReports: z.array(shape.order.extend({ origClientOrderId: z.string(), transactTime: shape.ms })),
    }),
    errors: `${SIGNED_400} -2011 no such open list of the caller's on the symbol.`,
  },
};
