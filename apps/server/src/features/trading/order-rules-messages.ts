import { orderRuleMessage } from '@exchange/contracts';
import type { OrderRuleCode } from '@exchange/domain';
import { AppError } from '../../platform/errors';

/** A market rule's rejection as the 422 the client shows: the spec's message with its figures filled in. */
export function orderRuleError(code: OrderRuleCode, params: Readonly<Record<string, string>> = {}): AppError {
  return new AppError('unprocessable', orderRuleMessage(code, params));
}
