import type {
  P2pTransferRejection,
  RecipientRejection,
  StakeRequestRejection,
  SwapRuleCode,
} from '@exchange/domain';
import { formatMessage, messages } from './messages';

/**
 * The money forms' rejections (packages/domain: swap/swap-amount and swap-quote, p2p/p2p-request and
 * p2p-transfer, staking/stake-request) with the spec's message and the form field each belongs to,
 * one table per form, as ORDER_RULE_MESSAGES is for the order form. The server answers with the
 * message; the screens show it under the field. One table, so the two can never say different things.
 */
interface RuleMessage<F extends string> {
  readonly field: F;
  readonly template: string;
}

export type SwapField = 'to' | 'amount';

export const SWAP_RULE_MESSAGES: Readonly<Record<SwapRuleCode, RuleMessage<SwapField>>> = {
  same_asset: { field: 'to', template: messages.swapSameCoin },
  amount_not_positive: { field: 'amount', template: messages.swapAmountPositive },
  amount_precision_exceeded: { field: 'amount', template: messages.swapAmountPrecision },
  insufficient_amount: { field: 'amount', template: messages.insufficientAmount },
  nothing_to_receive: { field: 'amount', template: messages.swapNothingToReceive },
};

/** The spec's message for a swap or MultiCoin rejection, with its figures ({precision}) filled in. */
export function swapRuleMessage(code: SwapRuleCode, params: Readonly<Record<string, string>> = {}): string {
  return formatMessage(SWAP_RULE_MESSAGES[code].template, params);
}

export type P2pRuleField = 'email' | 'currency' | 'amount';
export type P2pRuleCode = P2pTransferRejection | RecipientRejection;

export const P2P_RULE_MESSAGES: Readonly<Record<P2pRuleCode, RuleMessage<P2pRuleField>>> = {
  email_required: { field: 'email', template: messages.p2pEmailRequired },
  email_invalid: { field: 'email', template: messages.p2pEmailInvalid },
  currency_required: { field: 'currency', template: messages.p2pCurrencyRequired },
  amount_required: { field: 'amount', template: messages.p2pAmountRequired },
  amount_not_positive: { field: 'amount', template: messages.p2pAmountPositive },
  amount_precision_exceeded: { field: 'amount', template: messages.p2pAmountPrecision },
  insufficient_amount: { field: 'amount', template: messages.insufficientAmount },
  recipient_not_confirmed: { field: 'email', template: messages.p2pValidateFirst },
  recipient_unknown: { field: 'email', template: messages.p2pRecipientUnknown },
  recipient_self: { field: 'email', template: messages.p2pRecipientSelf },
  recipient_disabled: { field: 'email', template: messages.p2pRecipientDisabled },
  recipient_unverified: { field: 'email', template: messages.p2pRecipientUnverified },
};

/** The spec's message for a P2P transfer's rejection, with its figures ({precision}) filled in. */
export function p2pRuleMessage(code: P2pRuleCode, params: Readonly<Record<string, string>> = {}): string {
  return formatMessage(P2P_RULE_MESSAGES[code].template, params);
}

export type StakeField = 'duration' | 'amount';

export const STAKE_RULE_MESSAGES: Readonly<Record<StakeRequestRejection, RuleMessage<StakeField>>> = {
  stake_duration_required: { field: 'duration', template: messages.stakeDurationRequired },
  stake_amount_required: { field: 'amount', template: messages.stakeAmountRequired },
  stake_amount_invalid: { field: 'amount', template: messages.stakeAmountInvalid },
  stake_below_minimum: { field: 'amount', template: messages.stakeBelowMinimum },
  insufficient_amount: { field: 'amount', template: messages.insufficientAmount },
};

/** The spec's message for a new stake's rejection, with its figures ({min}) filled in. */
export function stakeRuleMessage(
  code: StakeRequestRejection,
  params: Readonly<Record<string, string>> = {},
): string {
  return formatMessage(STAKE_RULE_MESSAGES[code].template, params);
}
