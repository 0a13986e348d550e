import { COUNTRY_CODES } from '@exchange/contracts';
import { type AssetCode, getAsset } from '@exchange/domain';
import type { SelectOption } from './select';

/**
 * The one source of the coin and country choices every select offers, so each screen names a coin
 * or a country the same way.
 */

/** Coins in the order given: the code as the value, 'BTC - Bitcoin' as the label. */
export function coinOptions(codes: readonly AssetCode[]): readonly SelectOption[] {
  return codes.map((code) => ({ value: code, label: `${code} - ${getAsset(code).name}` }));
}

const countries: readonly SelectOption[] = COUNTRY_CODES.map((country) => ({
  value: country.code,
  label: `${country.name} (+${country.code})`,
}));

/** Every calling code with its country: the digits as the value, 'India (+91)' as the label. */
export function countryOptions(): readonly SelectOption[] {
  return countries;
}
