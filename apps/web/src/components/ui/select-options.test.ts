import { describe, expect, it } from 'vitest';
import { coinOptions, countryOptions } from './select-options';

describe('select options', () => {
  it('names a coin by its code and name, in the order asked', () => {
    expect(coinOptions(['ETH', 'BTC'])).toEqual([
      { value: 'ETH', label: 'ETH - Ethereum' },
      { value: 'BTC', label: 'BTC - Bitcoin' },
    ]);
  });

  it('offers every calling code with its country, the digits as the value', () => {
    const options = countryOptions();
    expect(options).toContainEqual({ value: '91', label: 'India (+91)' });
    expect(options).toContainEqual({ value: '971', label: 'United Arab Emirates (+971)' });
    expect(options.every((option) => /^\d+$/.test(option.value))).toBe(true);
  });
});
