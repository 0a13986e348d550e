import { z } from 'zod';
import {
  binanceDecimalSchema,
  binanceOrderIdSchema,
  binanceSymbolSchema,
  clientOrderIdSchema,
} from './binance-api';

/**
 * Binance's OCO order-list endpoints (issue 48): the parameters of POST /api/v3/orderList/oco (the
 * current form, an "above" and a "below" leg), the legacy POST /api/v3/order/oco, and the queries and
 * cancel of a list. Order list ids are our UUIDs, as order ids are.
 */

/** The leg types Binance names for an OCO; which of them we place is decided by the server. */
export const BINANCE_OCO_LEG_TYPES = [
  'LIMIT_MAKER',
  'STOP_LOSS',
  'STOP_LOSS_LIMIT',
  'TAKE_PROFIT',
  'TAKE_PROFIT_LIMIT',
] as const;
const timeInForce = z.enum(['GTC', 'IOC', 'FOK']);
const digits = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

export const orderListOcoParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  side: z.enum(['BUY', 'SELL']),
  quantity: binanceDecimalSchema,
  aboveType: z.enum(BINANCE_OCO_LEG_TYPES),
  belowType: z.enum(BINANCE_OCO_LEG_TYPES),
  listClientOrderId: clientOrderIdSchema.optional(),
  aboveClientOrderId: clientOrderIdSchema.optional(),
  abovePrice: binanceDecimalSchema.optional(),
  aboveStopPrice: binanceDecimalSchema.optional(),
  aboveTimeInForce: timeInForce.optional(),
  belowClientOrderId: clientOrderIdSchema.optional(),
  belowPrice: binanceDecimalSchema.optional(),
  belowStopPrice: binanceDecimalSchema.optional(),
  belowTimeInForce: timeInForce.optional(),
  newOrderRespType: z.enum(['ACK', 'RESULT', 'FULL']).optional(),
});
export type OrderListOcoParams = z.infer<typeof orderListOcoParamsSchema>;

/** The legacy form: a LIMIT_MAKER at price and a stop at stopPrice (a stop-limit with stopLimitPrice). */
export const legacyOcoParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  side: z.enum(['BUY', 'SELL']),
  quantity: binanceDecimalSchema,
  price: binanceDecimalSchema,
  stopPrice: binanceDecimalSchema,
  stopLimitPrice: binanceDecimalSchema.optional(),
  stopLimitTimeInForce: timeInForce.optional(),
  listClientOrderId: clientOrderIdSchema.optional(),
  limitClientOrderId: clientOrderIdSchema.optional(),
  stopClientOrderId: clientOrderIdSchema.optional(),
  newOrderRespType: z.enum(['ACK', 'RESULT', 'FULL']).optional(),
});
export type LegacyOcoParams = z.infer<typeof legacyOcoParamsSchema>;

/** GET /orderList: by orderListId or by the list's client id (origClientOrderId). */
export const orderListParamsSchema = z.object({
  orderListId: binanceOrderIdSchema.optional(),
  origClientOrderId: clientOrderIdSchema.optional(),
});
/** DELETE /orderList: the symbol and the list by orderListId or listClientOrderId. */
export const cancelOrderListParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  orderListId: binanceOrderIdSchema.optional(),
  listClientOrderId: clientOrderIdSchema.optional(),
  newClientOrderId: clientOrderIdSchema.optional(),
});
/** GET /allOrderList: newest lists in a time window (fromId names a list, ours being UUIDs). */
export const allOrderListParamsSchema = z.object({
  fromId: binanceOrderIdSchema.optional(),
  startTime: digits.optional(),
  endTime: digits.optional(),
  limit: digits.refine((n) => n >= 1 && n <= 1000, { message: 'legal range is 1 to 1000' }).optional(),
});
export const openOrderListParamsSchema = z.object({});

/** Every parameter name of the schemas above (BINANCE_PARAM_NAMES lists them for split requests). */
export const ORDER_LIST_PARAM_NAMES: readonly string[] = [
  ...new Set(
    [
      orderListOcoParamsSchema,
      legacyOcoParamsSchema,
      orderListParamsSchema,
      cancelOrderListParamsSchema,
      allOrderListParamsSchema,
    ].flatMap((schema) => Object.keys(schema.shape)),
  ),
];
