import type { OrderRuleCode } from '@exchange/domain';
import { formatMessage, messages } from './messages';

/**
 * Each market-rule rejection (packages/domain matching/order-rules and trading/instant-rules) with the
 * spec's message and the order-form field it belongs to. The server answers with the message; the
 * web shows it under the field. One table, so the two can never say different things.
 */
export const ORDER_RULE_MESSAGES: Readonly<
  Record<OrderRuleCode, { readonly field: 'quantity' | 'limitPrice'; readonly template: string }>
> = {
  market_closed: { field: 'quantity', template: messages.marketClosed },
  quantity_required: { field: 'quantity', template: messages.quantityRequired },
  invalid_quantity: { field: 'quantity', template: messages.invalidQuantity },
  limit_price_required: { field: 'limitPrice', template: messages.limitPriceRequired },
  invalid_price: { field: 'limitPrice', template: messages.invalidLimitPrice },
  quantity_too_small: { field: 'quantity', template: messages.quantityAboveMin },
  quantity_too_large: { field: 'quantity', template: messages.quantityBelowMax },
  price_too_small: { field: 'limitPrice', template: messages.limitPriceAboveMin },
  price_too_large: { field: 'limitPrice', template: messages.limitPriceBelowMax },
  cost_too_small: { field: 'limitPrice', template: messages.minimumCost },
  cost_too_large: { field: 'limitPrice', template: messages.costTooLarge },
  quantity_precision_exceeded: { field: 'quantity', template: messages.quantityPrecision },
  price_not_on_tick: { field: 'limitPrice', template: messages.priceNotOnTick },
};

/**
 * The spec's message for a market-rule rejection, with its figures filled in ('{places}' agrees with
 * '{precision}': XRP's quantities have 1 decimal place).
 */
export function orderRuleMessage(code: OrderRuleCode, params: Readonly<Record<string, string>> = {}): string {
  const places = params.precision === '1' ? 'place' : 'places';
  return formatMessage(ORDER_RULE_MESSAGES[code].template, { places, ...params });
}
