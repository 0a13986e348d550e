import {
  formatMessage,
  messages,
  WITHDRAWAL_ADDRESS_LABEL_MAX,
  type WithdrawalTerms,
} from '@exchange/contracts';
import { type ChainAddressRejection, checkWithdrawalDestination } from '@exchange/domain';
import { z } from 'zod';
import { amountProblem } from '../withdrawal-rules';

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

/**
 * The domain's rule of a chain's addresses: EIP-55 on an EVM chain (no prefix), bech32 segwit under
 * the chain's own part ('ltc', 'rltc') on a Bitcoin-family chain (issue 47; legacy base58 is not read).
 */
function checkOn(text: string, prefix?: string | null) {
  return prefix
    ? checkWithdrawalDestination(text, [], 'bitcoin', prefix)
    : checkWithdrawalDestination(text, []);
}

/** A refusal's words; a Bitcoin-family chain's invalid address names its prefix, not 0x. */
function wordedFor(code: ChainAddressRejection, prefix?: string | null): string {
  return code === 'address_invalid' && prefix
    ? formatMessage(messages.withdrawalAddressInvalidSegwit, { prefix })
    : ADDRESS_MESSAGES[code];
}

/** The domain's verdict on a typed address, worded for the form: null when it is fine. */
export function addressProblem(text: string, prefix?: string | null): string | null {
  const checked = checkOn(text, prefix);
  return checked.ok ? null : wordedFor(checked.code, prefix);
}

/**
 * What to say while the address is being typed: a wrong checksum or the zero address at once (a
 * complete address that is wrong), nothing yet for an address still being typed.
 */
export function liveAddressProblem(text: string, prefix?: string | null): string | null {
  const checked = checkOn(text, prefix);
  if (checked.ok || checked.code === 'address_required') return null;
  // A P2WPKH address is its prefix, '1' and 39 characters; an EVM one 42.
  const complete = prefix ? prefix.length + 40 : 42;
  return checked.code === 'address_invalid' && text.trim().length < complete
    ? null
    : wordedFor(checked.code, prefix);
}

/** The checksummed form of a typed address, or null while it is not a valid one. */
export function checksummedAddress(text: string, prefix?: string | null): string | null {
  const checked = checkOn(text, prefix);
  return checked.ok ? checked.value : null;
}

/**
 * The form's resolver schema: the domain's address rule (EIP-55) for a typed address, a chosen entry
 * for the book, a label when saving, the domain's amount rule with these terms (the withdraw forms'
 * one amount model, withdrawal-rules.ts), and a 6-digit code.
 */
export function coinWithdrawSchema(terms: WithdrawalTerms) {
  const prefix = terms.chain?.address_prefix;
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
        problem('address', addressProblem(form.address, prefix));
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
