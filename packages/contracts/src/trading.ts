import { CRYPTO_CODES, MARKETS } from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope, wireDecimal } from './envelope';
import { kycEventSchema } from './kyc';
import { pagingSchema } from './paging';
import { walletSchema } from './wallet';

/**
 * Trading on the wire (spec sections 3, 4, 5 and 7). Instant orders execute in USD against the house
 * at a server-issued quote; limit orders go into the USDT order book of a market of spec section 9.
 * Every amount is a decimal string. Validation of quantity and limit price happens on the server in
 * the spec's order (messages 'Please Enter Quantity', 'Insufficient amount', 'Please Enter Limit
 * Price', 'Quantity should be greater than {min}', ...), so these schemas accept the fields loosely
 * and the server answers 422 with the spec's message.
 */

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['instant', 'limit'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** A stop order's kind (issue 48); with the side it says which way the last price must move. */
export const STOP_KINDS = ['stop_loss', 'take_profit'] as const;
export type StopKind = (typeof STOP_KINDS)[number];

/** The ids of the USDT limit-order markets ('BTC-USDT', ...). */
export const MARKET_IDS = MARKETS.map((m) => m.id) as [string, ...string[]];
export const marketIdSchema = z.enum(MARKET_IDS);

/**
 * A quantity or price as typed: a JSON number or a string (possibly empty: the server says 'Please
 * Enter Quantity'), read as exact decimal text.
 */
const typedDecimal = wireDecimal;

// ---------------------------------------------------------------- POST /wallet/quotes

/** Asks for a firm instant price: valid for about 15 seconds, usable once. */
export const instantQuoteRequestSchema = z.object({
  side: z.enum(ORDER_SIDES),
  crypto_currency_code: z.enum(CRYPTO_CODES),
  quantity: typedDecimal,
});
export type InstantQuoteRequest = z.infer<typeof instantQuoteRequestSchema>;

/**
 * A quote: `price` is USD per coin; `cost` = price × quantity in USD (rounded up for a buy, down for
 * a sell, to cents); `fee` the instant fee (default 0.1%) on cost, rounded up; `total` what the user
 * pays (buy: cost + fee) or receives (sell: cost - fee). `expires_at` is an ISO time.
 */
export const instantQuoteSchema = z.object({
  quote_id: z.string(),
  side: z.enum(ORDER_SIDES),
  crypto_currency_code: z.enum(CRYPTO_CODES),
  quantity: decimalString,
  price: decimalString,
  cost: decimalString,
  fee: decimalString,
  total: decimalString,
  expires_at: z.string(),
});
export type InstantQuote = z.infer<typeof instantQuoteSchema>;
export const instantQuoteResponseSchema = envelope(instantQuoteSchema);
export type InstantQuoteResponse = z.infer<typeof instantQuoteResponseSchema>;

// ---------------------------------------------------------------- POST /wallet/limitorder/limitInstant/buy|sell

/**
 * The spec's order payload. For `type: 'instant'` (fiat_currency_code 'USD') `quote_id` names the
 * quote being accepted; without it the server quotes and executes at once at the current price
 * (the spec's client sends no quote). For `type: 'limit'` (fiat_currency_code 'USDT') `market_id`
 * like 'BTC-USDT' and `limitPrice` are needed, `time_in_force` may be given. `side` must match the
 * path (/buy or /sell).
 * An `Idempotency-Key` header makes a retry return the first answer.
 */
export const placeOrderRequestSchema = z.object({
  market_id: z.string().max(32).nullish(),
  crypto_currency_code: z.enum(CRYPTO_CODES),
  fiat_currency_code: z.enum(['USD', 'USDT']),
  quantity: typedDecimal,
  type: z.enum(ORDER_TYPES),
  limitPrice: typedDecimal,
  side: z.enum(ORDER_SIDES),
  quote_id: z.string().max(64).nullish(),
  /**
   * A limit order's time in force (issue 48), 'gtc' when absent: 'ioc' cancels what does not fill at
   * once, 'fok' fills whole or not at all, 'post_only' rests only, refused if it would trade at once.
   */
  time_in_force: z.enum(['gtc', 'ioc', 'fok', 'post_only']).nullish(),
  /**
   * A stop-limit (issue 48): with `stop_price` the order holds its funds at placement and waits off the
   * book until the market's last trade price reaches `stop_price`, then enters the book at `limitPrice`
   * with its time in force. `stop_kind` is required with it and sets the direction (Binance's): a sell
   * stop_loss triggers when last <= stop, a sell take_profit when last >= stop, a buy stop_loss when
   * last >= stop, a buy take_profit when last <= stop. A stop that would trigger at once is refused.
   */
  stop_price: typedDecimal.nullish(),
  stop_kind: z.enum(STOP_KINDS).nullish(),
  /**
   * What a stop enters the book as once triggered: 'limit' (the default) at `limitPrice`, or 'market'
   * (a stop-market, issue 48): a market order by `quantity`, with no `limitPrice` or `time_in_force`.
   * A buy is held, and may pay, at most 10% above its stop price; what does not fill at once expires.
   */
  stop_order_type: z.enum(['limit', 'market']).nullish(),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

/** Answer of cancelling: the user's wallet afterwards (same shape as GET /wallet). */
export const orderWalletResponseSchema = envelope(z.object({ wallet: walletSchema }));
export type OrderWalletResponse = z.infer<typeof orderWalletResponseSchema>;

// ---------------------------------------------------------------- Orders and history

/**
 * A limit order as the history and open-order lists show it (spec section 3). Quantities are in the
 * base coin at the market's precision, `price` and `filled_cost` in USDT. `time` and `createdAt` are
 * both the creation time (ISO); `updatedAt` the last change.
 */
export const limitOrderSchema = z.object({
  id: z.string(),
  time: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  market_id: z.string(),
  type: z.literal('limit'),
  side: z.enum(ORDER_SIDES),
  quantity: decimalString,
  filled_quantity: decimalString,
  cancelled_quantity: decimalString,
  open_quantity: decimalString,
  filled_cost: decimalString,
  price: decimalString,
  status: z.enum(ORDER_STATUSES),
  /**
   * A stop-limit's stop price and kind (null for a plain limit). A waiting stop is status 'open' with
   * `triggered_at` null; once the last price reaches the stop, `triggered_at` is the trigger time and the
   * order is in the book at `price`.
   */
  stop_price: decimalString.nullable(),
  stop_kind: z.enum(STOP_KINDS).nullable(),
  triggered_at: z.string().nullable(),
  /** A stop's order once triggered: 'market' for a stop-market (its `price` is its engine cap). */
  stop_order_type: z.enum(['limit', 'market']).nullish(),
  order_list_id: z.string().nullable(), // the OCO pair's id (both legs share it); null on its own
});
export type LimitOrder = z.infer<typeof limitOrderSchema>;

/**
 * Answer of placing or executing an order: the wallet afterwards and, for a limit order, the order as
 * it stands after the commit (its id to cancel it by, its status and filled quantity). An instant
 * order settles at once and is listed among the wallet transactions, so `order` is null.
 */
export const placeOrderResponseSchema = envelope(
  z.object({ wallet: walletSchema, order: limitOrderSchema.nullable() }),
);
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

// ---------------------------------------------------------------- POST /wallet/limitorder/oco/buy|sell

/**
 * An OCO pair (issue 48), one cancels the other. A sell OCO is a limit sell at `price` (above the last
 * price) and a stop-loss-limit sell that triggers when the last price falls to `stop_price` and then
 * rests at `stop_limit_price`; a buy OCO is a limit buy at `price` (below the last price) and a
 * stop-loss-limit buy that triggers when the last price rises to `stop_price`. The funds are held once
 * for the pair (the larger of the two legs' needs). When either leg fills (even partly) or triggers,
 * the other is cancelled in the same commit; cancelling either cancels both. The side is the path's.
 * An `Idempotency-Key` header makes a retry return the first answer.
 */
export const placeOcoRequestSchema = z.object({
  market_id: z.string().max(32),
  quantity: typedDecimal,
  price: typedDecimal,
  stop_price: typedDecimal,
  stop_limit_price: typedDecimal,
});
export type PlaceOcoRequest = z.infer<typeof placeOcoRequestSchema>;

/** Answer of placing an OCO: the wallet afterwards, the pair's id and its two orders (limit leg first). */
export const placeOcoResponseSchema = envelope(
  z.object({ wallet: walletSchema, order_list_id: z.string(), orders: z.array(limitOrderSchema) }),
);
export type PlaceOcoResponse = z.infer<typeof placeOcoResponseSchema>;

/** GET /wallet/limitorder/market/get-user-open-order: the newest first. */
export const orderListResponseSchema = envelope(z.array(limitOrderSchema));
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const ORDER_HISTORY_MAX_LIMIT = 500;

/**
 * The order history's status filter: one status, or `closed` for every order that left the book
 * (filled or cancelled), as the history screen's Completed tab lists them.
 */
export const ORDER_HISTORY_STATUSES = [...ORDER_STATUSES, 'closed'] as const;

/**
 * GET /wallet/limitorder/market/get-order-history: paged on the server, newest first. Without a query
 * the newest 500 come back, as the trading screen's order panel reads them; `status` keeps one status
 * or, `closed`, the filled and cancelled ones; `search` the markets whose id contains it (say "BTC").
 */
export const orderHistoryQuerySchema = pagingSchema({
  defaultLimit: ORDER_HISTORY_MAX_LIMIT,
  maxLimit: ORDER_HISTORY_MAX_LIMIT,
  searchMax: 32,
  filters: { status: z.enum(ORDER_HISTORY_STATUSES).optional() },
});
export type OrderHistoryQuery = z.input<typeof orderHistoryQuerySchema>;

/** The spec's shape (the list under `data`), with the paging figures beside it. */
export const orderHistoryResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(limitOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponseSchema>;

/** GET /wallet/limitorder/market/cancle-open-order?market_id=&order_id= (the spec's spelling). */
export const cancelOrderQuerySchema = z.object({
  market_id: z.string().max(32),
  order_id: z.string().max(64),
});
export type CancelOrderQuery = z.input<typeof cancelOrderQuerySchema>;

/**
 * POST /wallet/limitorder/market/cancel-all-open-orders { market_id? } (issue 48): cancels every open
 * order of the user on that market, or on every market when `market_id` is absent. Answers the wallet
 * afterwards and how many orders it cancelled (an order that filled meanwhile is not counted).
 */
export const cancelAllOrdersRequestSchema = z.object({ market_id: z.string().max(32).nullish() });
export type CancelAllOrdersRequest = z.input<typeof cancelAllOrdersRequestSchema>;
export const cancelAllOrdersResponseSchema = envelope(
  z.object({ wallet: walletSchema, cancelled: z.number().int() }),
);
export type CancelAllOrdersResponse = z.infer<typeof cancelAllOrdersResponseSchema>;

/**
 * POST /wallet/orders/getordersAndUpdateStatus {}: the user's current wallet and open orders.
 * `status` is true on success (the spec's client tests `status == 1`, which true satisfies).
 */
export const ordersAndStatusResponseSchema = envelope(
  z.object({ wallet: walletSchema, open_orders: z.array(limitOrderSchema) }),
);
export type OrdersAndStatusResponse = z.infer<typeof ordersAndStatusResponseSchema>;

/**
 * Private per-user events on the 'user' channel: an order changed (placed, filled, cancelled), the
 * balances changed (reload GET /wallet), or an admin decided the user's KYC (kyc.ts). Coin deposits
 * send their own `chain_deposit` event there too (chain-deposits.ts).
 */
export const userEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order'), order: limitOrderSchema }),
  z.object({ type: z.literal('balance') }),
  kycEventSchema,
]);
export type UserEvent = z.infer<typeof userEventSchema>;
