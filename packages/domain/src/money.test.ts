import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divide, feeOf, formatMinor, formatMinorTrimmed, parseDecimal, rescale } from './money';

describe('money', () => {
  it('parses decimal strings into exact minor units', () => {
    expect(parseDecimal('250', 2)).toBe(25_000n);
    expect(parseDecimal('0.1', 8)).toBe(10_000_000n);
    expect(parseDecimal('0.00000001', 8)).toBe(1n);
    expect(parseDecimal('-1.5', 2)).toBe(-150n);
  });

  it('refuses what is not a plain decimal, or has more digits than the asset allows', () => {
    for (const bad of ['', '1e3', '0x10', '1.', '.5', '1,5', 'NaN', 'Infinity', '1 2']) {
      expect(parseDecimal(bad, 2)).toBeNull();
    }
    expect(parseDecimal('1.001', 2)).toBeNull();
    expect(parseDecimal('1.00', 2)).toBe(100n);
  });

  it('rounds extra digits only when asked, in the named direction', () => {
    expect(parseDecimal('1.001', 2, 'down')).toBe(100n);
    expect(parseDecimal('1.001', 2, 'up')).toBe(101n);
    expect(parseDecimal('1.000', 2, 'up')).toBe(100n);
  });

  it('formats with the asset scale and trims on request', () => {
    expect(formatMinor(25_000n, 2)).toBe('250.00');
    expect(formatMinor(1n, 8)).toBe('0.00000001');
    expect(formatMinor(-5n, 2)).toBe('-0.05');
    expect(formatMinor(7n, 0)).toBe('7');
    expect(formatMinorTrimmed(150_000_000n, 8)).toBe('1.5');
    expect(formatMinorTrimmed(123_456_789n, 8, 4)).toBe('1.2345');
  });

  it('round-trips every amount through its string form', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (value, scale) => {
          expect(parseDecimal(formatMinor(value, scale), scale)).toBe(value);
        },
      ),
    );
  });

  it('divides with a named rounding and charges fees rounded up', () => {
    expect(divide(10n, 3n, 'down')).toBe(3n);
    expect(divide(10n, 3n, 'up')).toBe(4n);
    expect(divide(9n, 3n, 'up')).toBe(3n);
    expect(feeOf(1n, 10n)).toBe(1n);
    expect(feeOf(100_000n, 10n)).toBe(100n);
    expect(rescale(123_456_789n, 8, 2, 'down')).toBe(123n);
    expect(rescale(123_456_789n, 8, 2, 'up')).toBe(124n);
    expect(rescale(5n, 2, 8, 'down')).toBe(5_000_000n);
  });
});
