import { describe, expect, it } from 'vitest';
import { numberToDecimalText, wireDecimal } from './envelope';

describe('wireDecimal: an amount sent as a JSON number or a string', () => {
  it('reads numbers through their shortest decimal text, never an exponent', () => {
    expect(wireDecimal.parse(0.001)).toBe('0.001');
    expect(wireDecimal.parse(10)).toBe('10');
    expect(wireDecimal.parse(1e-7)).toBe('0.0000001');
    expect(wireDecimal.parse(1.5e-7)).toBe('0.00000015');
    expect(wireDecimal.parse(1e21)).toBe('1000000000000000000000');
    expect(wireDecimal.parse(0.1 + 0.2)).toBe('0.30000000000000004');
  });

  it('keeps strings as typed (trimmed) and empty values empty', () => {
    expect(wireDecimal.parse(' 0.5 ')).toBe('0.5');
    expect(wireDecimal.parse('')).toBe('');
    expect(wireDecimal.parse(null)).toBeNull();
    expect(wireDecimal.parse(undefined)).toBeNull();
  });

  it('refuses what no amount can be (JSON cannot carry NaN or Infinity; a direct caller might)', () => {
    expect(wireDecimal.safeParse(Number.NaN).success).toBe(false);
    expect(wireDecimal.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(numberToDecimalText(Number.POSITIVE_INFINITY)).toBeNull();
    expect(wireDecimal.safeParse('1'.repeat(41)).success).toBe(false);
    expect(wireDecimal.safeParse(true).success).toBe(false);
  });
});
