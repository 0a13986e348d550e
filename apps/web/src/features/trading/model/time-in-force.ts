import { formatMessage, messages, type PlaceOrderRequest } from '@exchange/contracts';
import type { OrderKind } from './stop-orders';

/** How long a limit order stays: the three the form offers as a choice (issue 48). */
export type TimeInForce = 'gtc' | 'ioc' | 'fok';

/**
 * The form's advanced choice: the kind of order (a plain limit, a stop-limit or an OCO), a time in
 * force, and whether the order may only rest (post only).
 */
export interface AdvancedChoice {
  readonly kind: OrderKind;
  readonly timeInForce: TimeInForce;
  readonly postOnly: boolean;
}

/** The part of the choice that says how long the order stays. */
export type TimeInForceChoice = Pick<AdvancedChoice, 'timeInForce' | 'postOnly'>;

/** What a newcomer gets without opening 'Advanced': an order that waits until filled or cancelled. */
export const DEFAULT_CHOICE: AdvancedChoice = { kind: 'limit', timeInForce: 'gtc', postOnly: false };

export const TIME_IN_FORCE_OPTIONS: readonly { value: TimeInForce; label: string; help: string }[] = [
  { value: 'gtc', label: messages.tifGtc, help: messages.tifGtcHelp },
  { value: 'ioc', label: messages.tifIoc, help: messages.tifIocHelp },
  { value: 'fok', label: messages.tifFok, help: messages.tifFokHelp },
];

type WireTimeInForce = NonNullable<PlaceOrderRequest['time_in_force']>;

/**
 * The `time_in_force` the order is sent with. A post-only order only rests, so it is good till
 * cancelled by nature: 'post_only' wins over the time in force picked beside it.
 */
export function wireTimeInForce(choice: TimeInForceChoice): WireTimeInForce {
  return choice.postOnly ? 'post_only' : choice.timeInForce;
}

/** The choice as the confirmation names it: 'Good till cancelled', 'Post only', … */
export function choiceLabel(choice: TimeInForceChoice): string {
  if (choice.postOnly) return messages.tifPostOnly;
  return (
    TIME_IN_FORCE_OPTIONS.find((option) => option.value === choice.timeInForce)?.label ?? messages.tifGtc
  );
}

/** The server refused a post-only order because it would have traded at once: shown in the form. */
export function isPostOnlyRefusal(message: string): boolean {
  return message === messages.postOnlyWouldTake;
}

/** The 'Cancel all' question: how many orders, on one market or on every market. */
export function cancelAllQuestion(count: number, marketId: string | null): string {
  const params = { count: String(count), orders: count === 1 ? 'order' : 'orders' };
  return marketId
    ? formatMessage(messages.confirmCancelAllMarket, { ...params, market: marketId })
    : formatMessage(messages.confirmCancelAllEverywhere, params);
}
