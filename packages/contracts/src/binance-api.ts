import { z } from 'zod';

/**
 * The wire format of the Binance-compatible spot REST API at /api/v3 (issue 39): Binance's parameter
 * names, sent as a query string (GET, DELETE) or a form body (POST), so every value arrives as text.
 * Errors are Binance's { code, msg } with its codes; the texts below are Binance's own, so programs
 * that match on them keep working.
 */

export const BINANCE_ERRORS = {
  unknown: { code: -1000, msg: 'An unknown error occurred while processing the request.' },
  tooManyRequests: {
    code: -1003,
    msg: 'Too many requests; current limit of request weight is {limit} per minute. Please use the websocket for live updates to avoid polling the API.',
  },
  illegalChars: {
    code: -1100,
    msg: "Illegal characters found in parameter '{name}'; legal range is '{range}'.",
  },
  mandatoryMissing: {
    code: -1102,
    msg: "Mandatory parameter '{name}' was not sent, was empty/null, or malformed.",
  },
  unknownParamCombination: { code: -1106, msg: "Parameter '{name}' sent when not required." },
  invalidInterval: { code: -1120, msg: 'Invalid interval.' },
  invalidSymbol: { code: -1121, msg: 'Invalid symbol.' },
  invalidTimeInForce: { code: -1115, msg: 'Invalid timeInForce.' },
  invalidOrderType: { code: -1116, msg: 'Invalid orderType.' },
  invalidSide: { code: -1117, msg: 'Invalid side.' },
  newOrderRejected: { code: -2010, msg: '{reason}' },
  insufficientBalance: { code: -2010, msg: 'Account has insufficient balance for requested action.' },
  duplicateOrder: { code: -2010, msg: 'Duplicate order sent.' },
  wouldTake: { code: -2010, msg: 'Order would immediately match and take.' },
  cancelReplaceFailed: { code: -2022, msg: 'Order cancel-replace failed.' },
  cancelReplacePartiallyFailed: { code: -2021, msg: 'Order cancel-replace partially failed.' },
  noLiquidity: { code: -2010, msg: 'Order would immediately match and take, but the book is empty.' },
  filterFailure: { code: -1013, msg: 'Filter failure: {filter}' },
  cancelRejected: { code: -2011, msg: 'Unknown order sent.' },
  orderNotFound: { code: -2013, msg: 'Order does not exist.' },
  notPermitted: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
  // The OCO order-list endpoints (issue 48, binance-order-lists.ts).
  unsupportedOrderCombination: { code: -1014, msg: 'Unsupported order combination.' },
  orderListNotFound: { code: -2013, msg: 'Order list does not exist.' },
  orderListCancelRejected: { code: -2011, msg: 'Unknown order list sent.' },
} as const;

export type BinanceErrorName = keyof typeof BINANCE_ERRORS;

/** Binance's error body. */
export const binanceErrorSchema = z.object({ code: z.number().int(), msg: z.string() });
export type BinanceErrorBody = z.infer<typeof binanceErrorSchema>;

/** Binance's kline intervals we serve, each a whole number of our stored candle widths. */
export const BINANCE_INTERVALS_S = {
  '1m': 60,
  '3m': 180,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '2h': 7200,
  '4h': 14_400,
  '6h': 21_600,
  '8h': 28_800,
  '12h': 43_200,
  '1d': 86_400,
} as const;
export type BinanceInterval = keyof typeof BINANCE_INTERVALS_S;

/** A symbol as Binance writes it: BTCUSDT. */
export const binanceSymbolSchema = z.string().regex(/^[A-Z0-9-_.]{1,20}$/);
/** A decimal as Binance's clients send it (ccxt may send "0.0010" or "1e-5"-free plain decimals). */
export const binanceDecimalSchema = z.string().regex(/^\d{1,20}(\.\d{1,20})?$/);
/** A millisecond time or an id: digits only. */
const integerText = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);
const limitText = (max: number) =>
  integerText.refine((n) => n >= 1 && n <= max, { message: `legal range is 1 to ${max}` });
/** Binance's rule for newClientOrderId. */
export const clientOrderIdSchema = z.string().regex(/^[.A-Za-z0-9:/_-]{1,36}$/);
/** Our order ids are UUIDs (Binance's are integers; clients treat them as opaque text). */
export const binanceOrderIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const depthParamsSchema = z.object({ symbol: binanceSymbolSchema, limit: limitText(5000).optional() });
export const tradesParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  limit: limitText(1000).optional(),
});
export const aggTradesParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  fromId: integerText.optional(),
  startTime: integerText.optional(),
  endTime: integerText.optional(),
  limit: limitText(1000).optional(),
});
export const klinesParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  interval: z.enum(Object.keys(BINANCE_INTERVALS_S) as [BinanceInterval, ...BinanceInterval[]]),
  startTime: integerText.optional(),
  endTime: integerText.optional(),
  limit: limitText(1000).optional(),
});
/** ticker/24hr, ticker/price, ticker/bookTicker: one symbol, a JSON list of symbols, or all. */
export const tickerParamsSchema = z.object({
  symbol: binanceSymbolSchema.optional(),
  symbols: z
    .string()
    .regex(/^\["[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}"){0,99}\]$/)
    .transform((text) => JSON.parse(text) as string[])
    .optional(),
});

/**
 * The order types we take (exchangeInfo lists them): LIMIT_MAKER is a post-only limit order, refused
 * when it would trade at once.
 */
/**
 * The order types we take (exchangeInfo lists them): LIMIT_MAKER is a post-only limit order, refused
 * when it would trade at once.
 */
export const BINANCE_ORDER_TYPES = [
  'LIMIT',
  'LIMIT_MAKER',
  'MARKET',
  // Stops (issue 48) wait off the book until the last trade price reaches stopPrice, then enter as
  // a market order (STOP_LOSS, TAKE_PROFIT) or a limit order (the _LIMIT kinds). Binance's order.
  'STOP_LOSS',
  'STOP_LOSS_LIMIT',
  'TAKE_PROFIT',
  'TAKE_PROFIT_LIMIT',
] as const;
export type BinanceOrderType = (typeof BINANCE_ORDER_TYPES)[number];

export const newOrderParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  side: z.enum(['BUY', 'SELL']),
  type: z.enum(BINANCE_ORDER_TYPES),
  timeInForce: z.enum(['GTC', 'IOC', 'FOK']).optional(),
  quantity: binanceDecimalSchema.optional(),
  quoteOrderQty: binanceDecimalSchema.optional(),
  price: binanceDecimalSchema.optional(),
  stopPrice: binanceDecimalSchema.optional(),
  newClientOrderId: clientOrderIdSchema.optional(),
  newOrderRespType: z.enum(['ACK', 'RESULT', 'FULL']).optional(),
});
export type NewOrderParams = z.infer<typeof newOrderParamsSchema>;

/** GET and DELETE /order: the order by our id or by the client's id. */
export const orderParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  orderId: binanceOrderIdSchema.optional(),
  origClientOrderId: clientOrderIdSchema.optional(),
});
export const openOrdersParamsSchema = z.object({ symbol: binanceSymbolSchema.optional() });
export const allOrdersParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  startTime: integerText.optional(),
  endTime: integerText.optional(),
  limit: limitText(1000).optional(),
});
export const myTradesParamsSchema = z.object({
  symbol: binanceSymbolSchema,
  orderId: binanceOrderIdSchema.optional(),
  startTime: integerText.optional(),
  endTime: integerText.optional(),
  fromId: integerText.optional(),
  limit: limitText(1000).optional(),
});

/** The legal range each parameter's -1100 answer names. */
export const BINANCE_PARAM_RANGES: Readonly<Record<string, string>> = {
  symbol: '^[A-Z0-9-_.]{1,20}$',
  quantity: '^([0-9]{1,20})(\\.[0-9]{1,20})?$',
  quoteOrderQty: '^([0-9]{1,20})(\\.[0-9]{1,20})?$',
  price: '^([0-9]{1,20})(\\.[0-9]{1,20})?$',
  newClientOrderId: '^[\\.A-Z\\:/a-z0-9_-]{1,36}$',
  origClientOrderId: '^[\\.A-Z\\:/a-z0-9_-]{1,36}$',
  orderId: 'an order id as answered',
  limit: '1 to the endpoint maximum',
};

/**
 * POST /order/cancelReplace: the order to cancel (cancelOrderId or cancelOrigClientOrderId) and a new
 * order's parameters; STOP_ON_FAILURE places nothing when the cancel fails, ALLOW_FAILURE tries anyway.
 */
export const cancelReplaceParamsSchema = newOrderParamsSchema.extend({
  cancelReplaceMode: z.enum(['STOP_ON_FAILURE', 'ALLOW_FAILURE']),
  cancelOrderId: binanceOrderIdSchema.optional(),
  cancelOrigClientOrderId: clientOrderIdSchema.optional(),
});
export type CancelReplaceParams = z.infer<typeof cancelReplaceParamsSchema>;

/** DELETE /openOrders: every open order of the caller on one market. */
export const cancelOpenOrdersParamsSchema = z.object({ symbol: binanceSymbolSchema });
/** GET /avgPrice: one market. */
export const avgPriceParamsSchema = z.object({ symbol: binanceSymbolSchema });
/** GET /sapi/v1/asset/tradeFee: one market or all. */
export const tradeFeeParamsSchema = z.object({ symbol: binanceSymbolSchema.optional() });

/**
 * Every parameter name the signed endpoints read, with the signing ones: a request with parameters in
 * both the query and the body may name only these (authenticate-signed-request.ts says why).
 */
export const BINANCE_PARAM_NAMES: ReadonlySet<string> = new Set([
  'timestamp',
  'recvWindow',
  'signature',
  ...[
    newOrderParamsSchema,
    orderParamsSchema,
    openOrdersParamsSchema,
    allOrdersParamsSchema,
    myTradesParamsSchema,
    cancelOpenOrdersParamsSchema,
    cancelReplaceParamsSchema,
    tradeFeeParamsSchema,
  ].flatMap((schema) => Object.keys(schema.shape)),
  // The OCO order-list endpoints' own (binance-order-lists.ts; its test checks the two agree).
  ...['aboveType', 'belowType', 'listClientOrderId', 'aboveClientOrderId', 'abovePrice', 'aboveStopPrice'],
  ...['aboveTimeInForce', 'belowClientOrderId', 'belowPrice', 'belowStopPrice', 'belowTimeInForce'],
  ...['stopLimitPrice', 'stopLimitTimeInForce', 'limitClientOrderId', 'stopClientOrderId', 'orderListId'],
]);
