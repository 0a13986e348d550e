import { type LimitOrder, messages } from '@exchange/contracts';
import { formatAmount, formatAssetPrice } from '../../../lib/format';
import { waitingStopText } from './order-kind-tags';

/**
 * The Cancel button's name for an open order: 'Cancel buy order at 1,000.0', or for an OCO leg
 * 'Cancel OCO pair: sell at 70,000.0', since cancelling a leg cancels its partner too. `market` names
 * the market where the list mixes several.
 */
export function cancelOrderLabel(order: LimitOrder, base: string, market?: string): string {
  const where = market ? ` on ${market}` : '';
  const price = formatAssetPrice(order.price, base);
  return order.order_list_id
    ? `Cancel OCO pair: ${order.side}${where} at ${price}`
    : `Cancel ${order.side} order${where} at ${price}`;
}

/**
 * What the cancel confirmation says of the order: side, what is left of it and its price (and a
 * waiting stop's trigger), then what happens: an OCO leg takes its partner with it, and what the
 * order holds returns to the wallet.
 */
export function cancelOrderQuestion(order: LimitOrder, base: string, market?: string): string {
  const where = market ? ` on ${market}` : '';
  const waiting = waitingStopText(order, base);
  const what = `${order.side.toUpperCase()} ${formatAmount(order.open_quantity, 6)} ${base}${where} at ${formatAssetPrice(order.price, base)} USDT${waiting ? ` (${waiting})` : ''}.`;
  return order.order_list_id
    ? `${what} ${messages.cancelOcoPair} What they hold returns to your wallet.`
    : `${what} What it holds returns to your wallet.`;
}
