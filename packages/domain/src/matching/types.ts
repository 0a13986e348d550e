import type { Result } from '../result';

/**
 * The matching engine's vocabulary. Prices and quantities are bigint integers in the market's own
 * units (see market-units.ts): a price is a count of price increments ("ticks"), a quantity a count
 * of the smallest tradable base amount ("lots", 10^-quantity_precision of one coin). The brands keep
 * the two from being swapped by accident; they cost nothing at run time.
 */
export type PriceTicks = bigint & { readonly __unit: 'price_ticks' };
export type QuantityLots = bigint & { readonly __unit: 'quantity_lots' };

/** Brands a bigint as a price in ticks; no check, the engine rejects non-positive prices itself. */
export function priceTicks(value: bigint): PriceTicks {
  return value as PriceTicks;
}

/** Brands a bigint as a quantity in lots; no check, the engine rejects non-positive quantities itself. */
export function quantityLots(value: bigint): QuantityLots {
  return value as QuantityLots;
}

export type BookSide = 'buy' | 'sell';

/**
 * 'gtc' rests whatever does not fill at once; 'ioc' (immediate or cancel) cancels it. An IOC order
 * with a generous price cap is how a market-like order is expressed: the cap bounds the worst price.
 * 'fok' (fill or kill) trades its whole quantity at once or nothing at all: when the book cannot fill
 * all of it within its price, it is cancelled whole ('fok_unfilled') and nothing trades, not even a
 * self-trade cancel. 'post_only' (Binance's LIMIT_MAKER) only ever rests: an order that would trade at
 * once is refused ('would_take') and the book is unchanged.
 */
export type TimeInForce = 'gtc' | 'ioc' | 'fok' | 'post_only';

/**
 * Every command carries `seq`, a strictly increasing sequence number given by the caller (the
 * server's per-market command sequence). The engine never reads a clock: time priority is the order
 * of commands, and `seq` is recorded on resting orders so a book rebuilt from storage keeps it.
 * Commands that name an existing order also carry the caller's `userId`; an order of another user
 * is treated as unknown, so nobody can learn which order ids exist.
 */
export interface PlaceOrderCommand {
  readonly kind: 'place';
  readonly seq: bigint;
  readonly orderId: string;
  readonly userId: string;
  readonly side: BookSide;
  /** The limit price; for an IOC order used as a market order, the worst acceptable price. */
  readonly price: PriceTicks;
  readonly quantity: QuantityLots;
  readonly timeInForce: TimeInForce;
}

export interface CancelOrderCommand {
  readonly kind: 'cancel';
  readonly seq: bigint;
  readonly orderId: string;
  readonly userId: string;
}

/** Changes the price of a resting order. The order loses its time priority, and may trade at once. */
export interface MoveOrderCommand {
  readonly kind: 'move';
  readonly seq: bigint;
  readonly orderId: string;
  readonly userId: string;
  readonly price: PriceTicks;
}

/** Takes quantity off a resting order, keeping its place in the queue. */
export interface ReduceOrderCommand {
  readonly kind: 'reduce';
  readonly seq: bigint;
  readonly orderId: string;
  readonly userId: string;
  readonly quantity: QuantityLots;
}

export type BookCommand = PlaceOrderCommand | CancelOrderCommand | MoveOrderCommand | ReduceOrderCommand;

/**
 * A fill between a resting order (the maker) and the incoming or moved order (the taker). The price
 * is always the maker's. The remaining quantities are after this fill, so the caller can update both
 * orders' rows from the event alone.
 */
export interface TradeEvent {
  readonly type: 'trade';
  readonly makerOrderId: string;
  readonly makerUserId: string;
  readonly takerOrderId: string;
  readonly takerUserId: string;
  readonly takerSide: BookSide;
  readonly price: PriceTicks;
  readonly quantity: QuantityLots;
  readonly makerRemaining: QuantityLots;
  readonly takerRemaining: QuantityLots;
}

/** The order now rests in the book at `price` with `remaining`, queued by `seq` (placed or moved). */
export interface RestedEvent {
  readonly type: 'rested';
  readonly orderId: string;
  readonly userId: string;
  readonly side: BookSide;
  readonly price: PriceTicks;
  readonly remaining: QuantityLots;
  readonly seq: bigint;
}

/**
 * 'user': a cancel command. 'ioc_remainder': what an IOC order could not fill at once.
 * 'fok_unfilled': a FOK order the book could not fill whole, cancelled before any trade.
 * 'self_trade': a resting order cancelled because an order of the same user would have traded with it.
 * 'oco': one leg of an OCO pair cancelled because the other traded or triggered (stop-orders.ts).
 */
export type CancelReason = 'user' | 'ioc_remainder' | 'fok_unfilled' | 'self_trade' | 'oco';

/** The order left the book (or never entered it) with `quantity` unfilled. */
export interface CancelledEvent {
  readonly type: 'cancelled';
  readonly orderId: string;
  readonly userId: string;
  readonly side: BookSide;
  readonly quantity: QuantityLots;
  readonly reason: CancelReason;
}

/** `quantity` was taken off a resting order; with `remaining` 0 the order has left the book. */
export interface ReducedEvent {
  readonly type: 'reduced';
  readonly orderId: string;
  readonly userId: string;
  readonly side: BookSide;
  readonly quantity: QuantityLots;
  readonly remaining: QuantityLots;
}

export type BookEvent = TradeEvent | RestedEvent | CancelledEvent | ReducedEvent;

/**
 * Expected rejections of a command, checked in this order: the command's own fields first
 * ('invalid_quantity', 'invalid_price'), then the book's state ('duplicate_order_id' for a place,
 * 'order_not_found' for cancel, move and reduce, 'would_take' for a post-only place that would trade).
 */
export type BookRejectCode =
  | 'invalid_quantity'
  | 'invalid_price'
  | 'duplicate_order_id'
  | 'order_not_found'
  | 'would_take';

/** Accepted: the events in the order they happened (possibly none). Rejected: a code, book unchanged. */
export type BookCommandResult = Result<readonly BookEvent[], BookRejectCode>;

/** A resting order as stored and restored: enough to rebuild the book at start-up. */
export interface RestingOrder {
  readonly orderId: string;
  readonly userId: string;
  readonly side: BookSide;
  readonly price: PriceTicks;
  readonly remaining: QuantityLots;
  readonly seq: bigint;
}

/** Both sides in priority order: best price first, then oldest first. */
export interface BookSnapshot {
  readonly bids: readonly RestingOrder[];
  readonly asks: readonly RestingOrder[];
}

/** One aggregated price level, for depth displays. */
export interface DepthLevel {
  readonly price: PriceTicks;
  readonly quantity: QuantityLots;
  readonly orderCount: number;
}

/** What both the fast book and the reference matcher offer, so tests can run one against the other. */
export interface MatchingBook {
  apply(command: BookCommand): BookCommandResult;
  restore(orders: Iterable<RestingOrder>): void;
  snapshot(): BookSnapshot;
  bestBid(): PriceTicks | null;
  bestAsk(): PriceTicks | null;
  readonly orderCount: number;
}
