import { formatMessage, messages as m, withdrawalAmountMessage } from '@exchange/contracts';
import {
  formatMinor,
  type Rejected,
  USD_CENTS_SCALE,
  type WithdrawalAmountRejection,
  type WithdrawalEligibilityRejection,
} from '@exchange/domain';
import { AppError } from '../../platform/errors';

function when(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** The API's answer to a domain rejection of a withdrawal request, with the catalogue's message. */
export function withdrawalRuleError(
  rejected: Rejected<WithdrawalAmountRejection | WithdrawalEligibilityRejection | 'daily_limit'>,
  assetText: string,
): AppError {
  const params = rejected.params ?? {};
  switch (rejected.code) {
    case 'asset_not_withdrawable':
      return new AppError(
        'unprocessable',
        withdrawalAmountMessage({ ...rejected, code: rejected.code }, assetText),
      );
    case 'amount_required':
    case 'amount_invalid':
    case 'amount_precision_exceeded':
      return new AppError(
        'validation_failed',
        withdrawalAmountMessage({ ...rejected, code: rejected.code }, assetText),
      );
    case 'below_minimum':
      return new AppError(
        'unprocessable',
        withdrawalAmountMessage({ ...rejected, code: rejected.code }, assetText),
      );
    case 'account_disabled':
      return new AppError('account_disabled');
    case 'withdrawals_frozen':
      return new AppError('withdrawals_frozen');
    case 'kyc_required':
      return new AppError('kyc_required');
    case 'two_factor_required':
      return new AppError('two_factor_required', m.withdrawalTwoFactorRequired);
    case 'debt_open':
      return new AppError('debt_open');
    case 'deposit_on_hold':
      // assertOutflowAllowed answers the hold with its figures; this is only the rule's fallback.
      return new AppError('deposit_on_hold');
    case 'security_cool_down':
      return new AppError(
        'security_cool_down',
        formatMessage(m.withdrawalCoolDown, { until: when(params.until ?? '') }),
      );
    case 'address_new':
      return new AppError('unprocessable', m.withdrawalAddressNew);
    case 'address_cooling_down':
      return new AppError(
        'unprocessable',
        formatMessage(m.withdrawalAddressCoolingDown, { until: when(params.until ?? '') }),
      );
    case 'daily_limit':
      return new AppError(
        'daily_limit',
        formatMessage(m.withdrawalDailyLimit, {
          left: formatMinor(BigInt(params.left ?? '0'), USD_CENTS_SCALE),
        }),
      );
  }
}
