import { formatMessage, type LimitOrder, messages, type OrderSide } from '@exchange/contracts';
import {
  compareDec,
  formatDec,
  type MarketRules,
  marketUnits,
  multiplyDec,
  parsePriceTicks,
  toDec,
  validateOrder,
} from '@exchange/domain';
import { type OrderContext, orderSpend, validateOrderForm } from './order-validation';

/** What the limit form places (issue 48): a plain limit, a stop-limit, a stop-market, or an OCO pair. */
export type OrderKind = 'limit' | 'stop_limit' | 'stop_market' | 'oco';

/** The wire's stop kind (Binance's words): which way the last price must move is the side's and this. */
export type StopKind = 'stop_loss' | 'take_profit';

export const ORDER_KIND_OPTIONS: readonly { value: OrderKind; label: string }[] = [
  { value: 'limit', label: messages.orderKindLimit },
  { value: 'stop_limit', label: messages.orderKindStopLimit },
  { value: 'stop_market', label: messages.orderKindStopMarket },
  { value: 'oco', label: messages.orderKindOco },
];

/** The stop fields as typed; blank when the kind does not use them. */
export interface StopFormValues {
  readonly quantity: string;
  readonly limitPrice: string;
  readonly stopPrice: string;
  readonly stopLimitPrice: string;
}

export interface StopProblem {
  readonly field: 'limitPrice' | 'stopPrice' | 'stopLimitPrice';
  readonly message: string;
}

/**
 * Where the stop lies against the market's last trade price: 'falls' when it is below (the last price
 * must fall to it), 'rises' when above, 'at' when equal (it would trigger at once), null when either
 * is unknown or not a plain decimal.
 */
export function stopDirection(stop: string, last: string | null): 'falls' | 'rises' | 'at' | null {
  const stopDec = toDec(stop);
  const lastDec = toDec(last);
  if (!stopDec || !lastDec) return null;
  const order = compareDec(stopDec, lastDec);
  return order < 0 ? 'falls' : order > 0 ? 'rises' : 'at';
}

/**
 * The stop kind the form sends, inferred so the user never has to name it (Binance's directions): a
 * sell's stop below the last price is a stop loss, above it a take profit; a buy's the other way
 * round. Without a last price a stop loss is assumed, the usual protective order.
 */
export function inferStopKind(side: OrderSide, stop: string, last: string | null): StopKind {
  const direction = stopDirection(stop, last);
  if (direction === 'rises') return side === 'buy' ? 'stop_loss' : 'take_profit';
  if (direction === 'falls') return side === 'sell' ? 'stop_loss' : 'take_profit';
  return 'stop_loss';
}

/** The form's one line under the stop price: 'Triggers when the last price falls to 62,000'. */
export function triggerHint(stop: string, last: string | null, shownStop: string): string | null {
  if (!toDec(stop)) return null;
  const direction = stopDirection(stop, last);
  const template =
    direction === 'falls'
      ? messages.stopTriggersFalls
      : direction === 'rises'
        ? messages.stopTriggersRises
        : messages.stopTriggersReaches;
  return formatMessage(template, { price: shownStop });
}

/** A price for a stop field against the market's price rules, worded for that field. */
function checkStopPrice(rules: MarketRules | null, stop: string): string | null {
  if (stop.trim() === '') return messages.stopPriceRequired;
  const price = toDec(stop);
  if (!price || price.value === 0n) return messages.invalidStopPrice;
  if (!rules) return null;
  const min = toDec(rules.minPrice);
  const max = toDec(rules.maxPrice);
  if (min && compareDec(price, min) < 0)
    return formatMessage(messages.stopPriceAboveMin, { min: rules.minPrice });
  if (max && compareDec(price, max) > 0)
    return formatMessage(messages.stopPriceBelowMax, { max: rules.maxPrice });
  if (!parsePriceTicks(marketUnits(rules), stop).ok)
    return formatMessage(messages.stopPriceNotOnTick, { increment: rules.priceIncrement });
  return null;
}

/**
 * The stop fields' rules, after the limit form's own (quantity, balance, limit price) have passed,
 * the first failure only: the stop price is given, a plain decimal within the market's price rules;
 * the market has a last price to measure it against; a stop-limit's stop is not the last price
 * itself (it would trigger at once, Binance's 'Stop price would trigger immediately.'); an OCO's stop-limit
 * price is given and valid, and its prices lie either side of the last price (a sell's limit above
 * and stop below, a buy's the other way round). The server checks all of it again at placement,
 * against the last price of that moment.
 */
export function validateStopFields(
  kind: OrderKind,
  side: OrderSide,
  values: StopFormValues,
  rules: MarketRules | null,
  last: string | null,
  shownLast: string,
): StopProblem | null {
  if (kind === 'limit') return null;
  const stopProblem = checkStopPrice(rules, values.stopPrice);
  if (stopProblem) return { field: 'stopPrice', message: stopProblem };
  // The server measures a stop against the market's last trade: without one it refuses the order.
  if (!last) return { field: 'stopPrice', message: messages.stopNeedsLastPrice };
  if (kind === 'stop_limit' || kind === 'stop_market') {
    if (stopDirection(values.stopPrice, last) === 'at')
      return { field: 'stopPrice', message: messages.stopWouldTrigger };
    return null;
  }
  if (values.stopLimitPrice.trim() === '')
    return { field: 'stopLimitPrice', message: messages.stopLimitPriceRequired };
  const stopLimit = rules
    ? validateOrder(rules, { type: 'limit', quantity: values.quantity, price: values.stopLimitPrice })
    : { ok: toDec(values.stopLimitPrice) !== null };
  if (!stopLimit.ok) return { field: 'stopLimitPrice', message: messages.invalidLimitPrice };
  const limitSide = stopDirection(values.limitPrice, last);
  const stopSide = stopDirection(values.stopPrice, last);
  const price = { price: shownLast };
  if (side === 'sell') {
    if (limitSide !== null && limitSide !== 'rises')
      return { field: 'limitPrice', message: formatMessage(messages.ocoSellLimitAbove, price) };
    if (stopSide !== null && stopSide !== 'falls')
      return { field: 'stopPrice', message: formatMessage(messages.ocoSellStopBelow, price) };
  } else {
    if (limitSide !== null && limitSide !== 'falls')
      return { field: 'limitPrice', message: formatMessage(messages.ocoBuyLimitBelow, price) };
    if (stopSide !== null && stopSide !== 'rises')
      return { field: 'stopPrice', message: formatMessage(messages.ocoBuyStopAbove, price) };
  }
  return null;
}

/** A stop-market buy may pay this much above its stop price, and is held for it (the server's band). */
const STOP_MARKET_BUY_BAND = { value: 11n, scale: 1 };

/**
 * The price whose cost a buy holds: an OCO buy holds once for the pair, enough for the dearer of its
 * two legs; a stop-market buy its stop price plus 10% (it has no limit price; a sell's hold is its
 * quantity, so it counts at the stop price); every other order holds its limit price.
 */
export function heldPrice(kind: OrderKind, side: OrderSide, values: StopFormValues): string {
  if (kind === 'stop_market') {
    const stop = toDec(values.stopPrice);
    if (!stop || side === 'sell') return values.stopPrice;
    return formatDec(multiplyDec(stop, STOP_MARKET_BUY_BAND), stop.scale + 1);
  }
  if (kind !== 'oco' || side !== 'buy') return values.limitPrice;
  const limit = toDec(values.limitPrice);
  const stopLimit = toDec(values.stopLimitPrice);
  if (!limit || !stopLimit) return values.limitPrice;
  return compareDec(stopLimit, limit) > 0 ? values.stopLimitPrice : values.limitPrice;
}

/** A stop that has not triggered yet: it waits off the book, at its stop price. */
export function isWaitingStop(order: LimitOrder): boolean {
  return order.status === 'open' && order.stop_price !== null && order.triggered_at === null;
}

/** One row of an open-orders list: a single order, or the two legs of an OCO side by side. */
export type OrderGroup =
  | { readonly kind: 'single'; readonly order: LimitOrder }
  | { readonly kind: 'oco'; readonly listId: string; readonly orders: readonly LimitOrder[] };

/**
 * The list's orders in their own order, with each OCO's legs brought together where its first leg
 * stands, so the pair reads as one. A leg whose partner is gone (filled or cancelled meanwhile) stays
 * a group of one, still marked as an OCO.
 */
export function groupOrders(orders: readonly LimitOrder[]): OrderGroup[] {
  const groups: OrderGroup[] = [];
  const lists = new Map<string, LimitOrder[]>();
  for (const order of orders) {
    const listId = order.order_list_id;
    if (!listId) {
      groups.push({ kind: 'single', order });
      continue;
    }
    const legs = lists.get(listId);
    if (legs) {
      legs.push(order);
      continue;
    }
    const first = [order];
    lists.set(listId, first);
    groups.push({ kind: 'oco', listId, orders: first });
  }
  return groups;
}

/** The groups back as a flat list of orders, each OCO's legs next to each other. */
export function pairedOrders(orders: readonly LimitOrder[]): LimitOrder[] {
  return groupOrders(orders).flatMap((group) => (group.kind === 'single' ? [group.order] : group.orders));
}

/**
 * The limit form's stop rules on top of its own: an OCO buy holds once for the dearer of its legs, so
 * the balance rule is checked again at that price ('Insufficient amount'), then the stop fields'.
 */
export function checkStopOrder(
  kind: OrderKind,
  values: StopFormValues,
  context: OrderContext,
  last: string | null,
  shownLast: string,
): { field: keyof StopFormValues; message: string } | null {
  if (kind === 'limit' || context.type !== 'limit') return null;
  const held = heldPrice(kind, context.side, values);
  if (held !== values.limitPrice) {
    const spend = orderSpend({ quantity: values.quantity, limitPrice: held }, context);
    const balance = toDec(context.balance) ?? { value: 0n, scale: 0 };
    if (spend && compareDec(spend, balance) > 0)
      return { field: 'quantity', message: messages.insufficientAmount };
  }
  return validateStopFields(kind, context.side, values, context.rules, last, shownLast);
}

/** Server refusals that are about the stop price, shown by that field. */
const STOP_REFUSALS: readonly string[] = [
  messages.stopWouldTrigger,
  messages.stopNeedsLastPrice,
  messages.stopKindRequired,
  messages.stopPriceRequired,
  messages.invalidStopPrice,
  messages.stopPriceNotOnTick,
];

/**
 * The field a server refusal is about, so the form shows it there as well as in a toast: a post-only
 * order that would trade at once by the limit price (issue 48), a stop refused by the stop price.
 */
export function refusalField(message: string): keyof StopFormValues | null {
  if (message === messages.postOnlyWouldTake) return 'limitPrice';
  if (STOP_REFUSALS.includes(message)) return 'stopPrice';
  return null;
}

/** Whether the kind waits for a stop price (a stop-limit or a stop-market), so it sends a stop kind. */
export function isStopKind(kind: OrderKind): boolean {
  return kind === 'stop_limit' || kind === 'stop_market';
}

/**
 * A stop-market's form rules: it has no limit price, so the stop fields (and a buy's hold at its cap)
 * come first, then the order's own rules at the stop price, a price rule shown by the stop price.
 */
export function checkStopMarket(
  values: StopFormValues,
  context: OrderContext,
  last: string | null,
  shownLast: string,
): { field: keyof StopFormValues; message: string } | null {
  const atStop = { ...values, limitPrice: values.stopPrice };
  const stopProblem = checkStopOrder('stop_market', atStop, context, last, shownLast);
  if (stopProblem) return stopProblem;
  const problem = validateOrderForm(atStop, context);
  if (!problem) return null;
  return { ...problem, field: problem.field === 'limitPrice' ? 'stopPrice' : problem.field };
}
