import type { OrderSide, PlaceOcoRequest, PlaceOrderRequest } from '@exchange/contracts';
import type { CryptoCode } from '@exchange/domain';
import { INSTANT_FIAT, LIMIT_QUOTE, marketIdOf } from './market-rules';
import type { StopFormValues, StopKind } from './stop-orders';
import { type AdvancedChoice, wireTimeInForce } from './time-in-force';

/** What the confirmation holds of an order about to be sent. */
export interface OrderToSend {
  readonly type: 'instant' | 'limit';
  readonly values: StopFormValues;
  readonly choice: AdvancedChoice;
  /** A stop-limit's kind, inferred from the last price when the user submitted. */
  readonly stopKind: StopKind | null;
  readonly quoteId: string | null;
}

/**
 * The body of POST /wallet/limitorder/limitInstant/buy|sell: an instant order at its quote, or a
 * limit order with its time in force, and for a stop-limit its stop price and kind; a stop-market
 * sends its stop price and kind and no limit price.
 */
export function placeOrderBody(
  order: OrderToSend,
  side: OrderSide,
  coin: CryptoCode,
  instantMarketId: string | null,
): PlaceOrderRequest {
  const limit = order.type === 'limit';
  const stop = limit && (order.choice.kind === 'stop_limit' || order.choice.kind === 'stop_market');
  // A stop-market has no limit price or time in force: once triggered it is a market order.
  const market = limit && order.choice.kind === 'stop_market';
  return {
    side,
    type: order.type,
    crypto_currency_code: coin,
    fiat_currency_code: limit ? LIMIT_QUOTE : INSTANT_FIAT,
    market_id: limit ? marketIdOf(coin) : instantMarketId,
    quantity: order.values.quantity,
    limitPrice: limit && !market ? order.values.limitPrice : null,
    quote_id: order.quoteId,
    time_in_force: limit && !market ? wireTimeInForce(order.choice) : null,
    stop_price: stop ? order.values.stopPrice : null,
    stop_kind: stop ? order.stopKind : null,
    ...(market && { stop_order_type: 'market' as const }),
  };
}

/** The body of POST /wallet/limitorder/oco/buy|sell: the limit leg's price and the stop leg's two. */
export function placeOcoBody(order: OrderToSend, coin: CryptoCode): PlaceOcoRequest {
  return {
    market_id: marketIdOf(coin),
    quantity: order.values.quantity,
    price: order.values.limitPrice,
    stop_price: order.values.stopPrice,
    stop_limit_price: order.values.stopLimitPrice,
  };
}
