import {
  messages,
  ORDER_RULE_MESSAGES,
  type OrderSide,
  type OrderType,
  orderRuleMessage,
} from '@exchange/contracts';
import {
  addDec,
  type CryptoCode,
  compareDec,
  type Dec,
  feeOfDec,
  type MarketRules,
  multiplyDec,
  toDec,
  validateInstantQuantity,
  validateOrder,
} from '@exchange/domain';

export interface OrderFormValues {
  readonly quantity: string;
  readonly limitPrice: string;
}

export interface OrderContext {
  readonly side: OrderSide;
  readonly type: OrderType;
  readonly coin: CryptoCode;
  /** The coin's USDT market, when it has one: its rules apply to instant orders too. */
  readonly rules: MarketRules | null;
  /**
   * What the order spends, as a decimal string: for a buy the USD balance (instant) or the USDT
   * balance (limit); for a sell the coin balance. Missing means nothing is held.
   */
  readonly balance: string | undefined;
  /** USD per coin for an instant buy's cost: the quote's price, or the latest reference price. */
  readonly instantPrice: string | null;
  /** What an instant buy costs in all, when a quote for this quantity is known (price × quantity + fee). */
  readonly instantTotal: string | null;
  /** The fee on a limit order, in basis points (spec: 0.2% = 20). */
  readonly limitFeeBps: bigint;
}

export interface OrderProblem {
  readonly field: keyof OrderFormValues;
  readonly message: string;
}

const blank = (text: string) => text.trim() === '';

/**
 * What the order would spend, for the balance rule. A buy spends price × quantity (plus the fee
 * when it is known: the quote's total for an instant buy, the market fee for a limit buy); a sell
 * spends the quantity. Null when the inputs do not yet say (no price yet, or unparsable text):
 * the later rules report those.
 */
export function orderSpend(values: OrderFormValues, context: OrderContext): Dec | null {
  const quantity = toDec(values.quantity);
  if (!quantity) return null;
  if (context.side === 'sell') return quantity;
  if (context.type === 'limit') {
    const price = toDec(values.limitPrice);
    if (!price) return null;
    const cost = multiplyDec(price, quantity);
    return addDec(cost, feeOfDec(cost, context.limitFeeBps));
  }
  const total = toDec(context.instantTotal);
  if (total) return total;
  const price = toDec(context.instantPrice);
  return price ? multiplyDec(price, quantity) : null;
}

/**
 * The buy/sell form's rules in the spec's order (section 5), the first failure only:
 *  1. 'Please Enter Quantity';
 *  2. 'Insufficient amount': a buy's cost above the USD (instant) or USDT (limit) balance, a sell's
 *     quantity above the coin balance;
 *  3. 'Please Enter Limit Price' for a limit order;
 *  4-8. the market's quantity, price and minimum-cost rules (validateOrder in the domain, which also
 *     checks precision and the price tick last). Instant orders use the coin's USDT market rules for
 *     quantity; a coin without a market (ADA, USDT, BUSD) needs a positive quantity within its precision.
 */
export function validateOrderForm(values: OrderFormValues, context: OrderContext): OrderProblem | null {
  if (blank(values.quantity)) return { field: 'quantity', message: messages.quantityRequired };

  const spend = orderSpend(values, context);
  const balance = toDec(context.balance) ?? { value: 0n, scale: 0 };
  if (spend && compareDec(spend, balance) > 0)
    return { field: 'quantity', message: messages.insufficientAmount };

  const checked =
    context.type === 'limit' && context.rules
      ? validateOrder(context.rules, {
          type: 'limit',
          quantity: values.quantity,
          price: values.limitPrice,
        })
      : context.type === 'limit' && blank(values.limitPrice)
        ? ({ ok: false, code: 'limit_price_required' } as const)
        : validateInstantQuantity(context.coin, values.quantity);
  if (checked.ok) return null;
  return {
    field: ORDER_RULE_MESSAGES[checked.code].field,
    message: orderRuleMessage(checked.code, checked.params ?? {}),
  };
}
