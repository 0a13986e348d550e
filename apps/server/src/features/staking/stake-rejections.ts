import { messages, stakeRuleMessage } from '@exchange/contracts';
import type { StakeActionRejection, StakeRequestRejection, StakeState } from '@exchange/domain';
import { AppError } from '../../platform/errors';
import type { StakeRow } from './staking.repository';

/** A new stake's refusal (checkStakeRequest) with the spec's message: 422, or insufficient_funds. */
export function stakeRuleError(
  code: StakeRequestRejection,
  params: Readonly<Record<string, string>> = {},
): AppError {
  return new AppError(
    code === 'insufficient_amount' ? 'insufficient_funds' : 'unprocessable',
    stakeRuleMessage(code, params),
  );
}

/** Close and Restake refusals: a stake that moved on is a conflict, one still running is too early. */
export function stakeActionError(code: StakeActionRejection): AppError {
  return code === 'stake_not_active'
    ? new AppError('conflict', messages.stakeNotActive)
    : new AppError('unprocessable', messages.stakeNotMatured);
}

/** What the domain rules need of a stored stake. */
export function stakeState(row: StakeRow): StakeState {
  return {
    status: row.status,
    principal: BigInt(row.principal),
    apyBps: BigInt(row.apyBps),
    days: row.days,
    endDate: row.endDate,
    redeemAt: row.redeemAt,
  };
}
