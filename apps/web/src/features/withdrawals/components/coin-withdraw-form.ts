import {
  formatMessage,
  messages,
  WITHDRAWAL_ADDRESS_LABEL_MAX,
  type WithdrawalTerms,
} from '@exchange/contracts';
import {
  type ChainAddressRejection,
  checkWithdrawalAmount,
  checkWithdrawalDestination,
  formatMinor,
  getAsset,
  isAssetCode,
  parseDecimal,
  type WithdrawalAmountRejection,
} from '@exchange/domain';
import { z } from 'zod';

/** What the coin withdraw form holds: where to (a typed address or a book entry), how much, the code. */
export interface CoinWithdrawForm {
  destination: 'typed' | 'book';
  address: string;
  address_id: string;
  save: boolean;
  label: string;
  amount: string;
  totp: string;
}

export const EMPTY_COIN_WITHDRAW_FORM: CoinWithdrawForm = {
  destination: 'typed',
  address: '',
  address_id: '',
  save: false,
  label: '',
  amount: '',
  totp: '',
};

const ADDRESS_MESSAGES: Record<ChainAddressRejection, string> = {
  address_required: messages.withdrawalAddressRequired,
  address_invalid: messages.withdrawalAddressInvalid,
  address_checksum: messages.withdrawalAddressChecksum,
  address_zero: messages.withdrawalAddressZero,
  address_own: messages.withdrawalAddressOwn,
};

/** The domain's verdict on a typed address, worded for the form: null when it is fine. */
export function addressProblem(text: string): string | null {
  const checked = checkWithdrawalDestination(text, []);
  return checked.ok ? null : ADDRESS_MESSAGES[checked.code];
}

/**
 * What to say while the address is being typed: a wrong checksum or the zero address at once (a
 * complete address that is wrong), nothing yet for an address still being typed.
 */
export function liveAddressProblem(text: string): string | null {
  const checked = checkWithdrawalDestination(text, []);
  if (checked.ok || checked.code === 'address_required') return null;
  return checked.code === 'address_invalid' && text.trim().length < 42
    ? null
    : ADDRESS_MESSAGES[checked.code];
}

/** The checksummed form of a typed address, or null while it is not a valid one. */
export function checksummedAddress(text: string): string | null {
  const checked = checkWithdrawalDestination(text, []);
  return checked.ok ? checked.value : null;
}

function scaleOf(asset: string): number {
  return isAssetCode(asset) ? getAsset(asset).scale : 8;
}

/** The terms as the domain's amount rule reads them (minor units of the coin), or undefined when unknown. */
function domainTerms(terms: WithdrawalTerms) {
  if (!isAssetCode(terms.asset)) return undefined;
  const scale = scaleOf(terms.asset);
  const minimum = parseDecimal(terms.minimum, scale, 'up');
  const fee = parseDecimal(terms.fee, scale, 'up');
  if (minimum === null || fee === null) return undefined;
  return { asset: terms.asset, method: terms.method, minimum, fee };
}

function amountMessage(
  code: WithdrawalAmountRejection,
  params: Record<string, string>,
  terms: WithdrawalTerms,
) {
  switch (code) {
    case 'amount_required':
      return messages.withdrawalAmountRequired;
    case 'amount_precision_exceeded':
      return formatMessage(messages.withdrawalAmountPrecision, { precision: params.precision ?? '' });
    case 'below_minimum':
      return formatMessage(messages.withdrawalBelowMinimum, {
        minimum: formatMinor(BigInt(params.minimum ?? '0'), scaleOf(terms.asset)),
        asset: terms.asset,
      });
    case 'asset_not_withdrawable':
      return messages.withdrawalNotWithdrawable;
    default:
      return messages.withdrawalAmountInvalid;
  }
}

/** The domain's amount rule over the typed amount: the message of its refusal, or null. */
export function amountProblem(terms: WithdrawalTerms, amount: string): string | null {
  const checked = checkWithdrawalAmount(domainTerms(terms), terms.asset, amount);
  return checked.ok ? null : amountMessage(checked.code, checked.params ?? {}, terms);
}

/** What arrives at the address (amount - fee, in the coin's decimals), '0' while the amount is not one. */
export function receiveOf(terms: WithdrawalTerms, amount: string): string {
  const scale = scaleOf(terms.asset);
  const typed = parseDecimal(amount.trim(), scale);
  const fee = parseDecimal(terms.fee, scale, 'up');
  if (typed === null || fee === null || typed <= fee) return formatMinor(0n, scale);
  return formatMinor(typed - fee, scale);
}

/**
 * The form's resolver schema: the domain's address rule (EIP-55) for a typed address, a chosen entry
 * for the book, a label when saving, the domain's amount rule with these terms, and a 6-digit code.
 */
export function coinWithdrawSchema(terms: WithdrawalTerms) {
  return z
    .object({
      destination: z.enum(['typed', 'book']),
      address: z.string(),
      address_id: z.string(),
      save: z.boolean(),
      label: z.string(),
      amount: z.string(),
      totp: z.string(),
    })
    .superRefine((form, ctx) => {
      const problem = (path: keyof CoinWithdrawForm, message: string | null) => {
        if (message) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      if (form.destination === 'typed') {
        problem('address', addressProblem(form.address));
        if (form.save && form.label.trim() === '') problem('label', messages.coinWithdrawLabelRequired);
        if (form.save && form.label.trim().length > WITHDRAWAL_ADDRESS_LABEL_MAX)
          problem(
            'label',
            formatMessage(messages.coinWithdrawLabelTooLong, { max: String(WITHDRAWAL_ADDRESS_LABEL_MAX) }),
          );
      } else if (form.address_id === '') problem('address_id', messages.coinWithdrawBookChoose);
      problem('amount', amountProblem(terms, form.amount));
      if (!/^\d{6}$/.test(form.totp.trim())) problem('totp', messages.totpCodeRequired);
    });
}
