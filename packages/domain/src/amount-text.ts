import { type Minor, parseDecimal } from './money';

/**
 * What an amount typed on a money form (or sent as its wire text) says, read at one asset's scale:
 *  - 'empty': nothing but blanks (or no text at all);
 *  - 'not_decimal': anything but a plain decimal, optionally negative ('abc', '+5', '.5', '5.', '1e3',
 *    '1,5');
 *  - 'too_precise': a plain decimal with more (non-zero) decimal places than the scale;
 *  - 'minor': the amount in minor units. `negative` is the sign as typed, so '-0' reads as 0 with
 *    `negative` true: a form that refuses every signed amount can tell it from '0'.
 * Trailing zeros add no precision ('0.000000010' is 1 minor unit of an 8-place coin).
 */
export type AmountText =
  | { readonly kind: 'empty' }
  | { readonly kind: 'not_decimal' }
  | { readonly kind: 'too_precise'; readonly negative: boolean }
  | { readonly kind: 'minor'; readonly value: Minor; readonly negative: boolean };

/**
 * Reads an amount's text at `scale` decimal places (see `AmountText`). The one parser of the money
 * forms' amounts (swap, P2P, staking): its notion of a plain decimal is `parseDecimal`'s, so no form
 * writes its own pattern. Leading and trailing blanks are ignored.
 */
export function readAmountText(text: string | null | undefined, scale: number): AmountText {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { kind: 'empty' };
  // Rounding 'down' never refuses extra places, so null here means the text is not a decimal at all.
  if (parseDecimal(trimmed, scale, 'down') === null) return { kind: 'not_decimal' };
  const negative = trimmed.startsWith('-');
  const value = parseDecimal(trimmed, scale, 'exact');
  return value === null ? { kind: 'too_precise', negative } : { kind: 'minor', value, negative };
}

/**
 * A balance as a wallet answer shows it ('1.00000000'), in minor units at `scale`, for the money
 * forms' balance rules: extra places are cut, so a balance is never overstated, and text that is not
 * a decimal counts as nothing held.
 */
export function balanceMinor(text: string, scale: number): Minor {
  return parseDecimal(text, scale, 'down') ?? 0n;
}
