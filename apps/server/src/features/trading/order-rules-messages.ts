import { formatMessage, messages } from '@exchange/contracts';
import type { OrderRuleCode } from '@exchange/domain';
import { AppError } from '../../platform/errors';

const MESSAGE_BY_CODE: Record<OrderRuleCode, string> = {
  market_closed: messages.marketClosed,
  quantity_required: messages.quantityRequired,
  invalid_quantity: messages.invalidQuantity,
  limit_price_required: messages.limitPriceRequired,
  invalid_price: messages.invalidLimitPrice,
  quantity_too_small: messages.quantityAboveMin,
  quantity_too_large: messages.quantityBelowMax,
  price_too_small: messages.limitPriceAboveMin,
  price_too_large: messages.limitPriceBelowMax,
  cost_too_small: messages.minimumCost,
  cost_too_large: messages.costTooLarge,
  quantity_precision_exceeded: messages.quantityPrecision,
  price_not_on_tick: messages.priceNotOnTick,
};

/** A market rule's rejection as the 422 the client shows: the spec's message with its figures filled in. */
export function orderRuleError(code: OrderRuleCode, params: Readonly<Record<string, string>> = {}): AppError {
  return new AppError('unprocessable', formatMessage(MESSAGE_BY_CODE[code], params));
}
