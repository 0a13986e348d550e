import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceMinor, readAmountText } from './amount-text';
import { formatMinor } from './money';

describe('readAmountText', () => {
  it('reads nothing, blanks and null as empty', () => {
    for (const text of ['', '   ', null, undefined])
      expect(readAmountText(text, 8)).toEqual({ kind: 'empty' });
  });

  it('calls anything but a plain decimal not a decimal', () => {
    for (const text of [
      'abc',
      '+5',
      '.5',
      '5.',
      '1e3',
      '1,5',
      '0x10',
      'NaN',
      'Infinity',
      '1 2',
      '--1',
      '-',
    ]) {
      expect(readAmountText(text, 8), text).toEqual({ kind: 'not_decimal' });
    }
  });

  it('reads a plain decimal in minor units, blanks ignored, the sign as typed', () => {
    expect(readAmountText(' 1.5 ', 8)).toEqual({ kind: 'minor', value: 150_000_000n, negative: false });
    expect(readAmountText('-1', 2)).toEqual({ kind: 'minor', value: -100n, negative: true });
    expect(readAmountText('0', 8)).toEqual({ kind: 'minor', value: 0n, negative: false });
    expect(readAmountText('-0', 8)).toEqual({ kind: 'minor', value: 0n, negative: true });
  });

  it('refuses more places than the scale, but trailing zeros add none', () => {
    expect(readAmountText('0.000000001', 8)).toEqual({ kind: 'too_precise', negative: false });
    expect(readAmountText('-0.000000001', 8)).toEqual({ kind: 'too_precise', negative: true });
    expect(readAmountText('0.0000001', 6)).toEqual({ kind: 'too_precise', negative: false });
    expect(readAmountText('0.000000010', 8)).toEqual({ kind: 'minor', value: 1n, negative: false });
    expect(readAmountText('0.00000001', 8)).toEqual({ kind: 'minor', value: 1n, negative: false });
  });

  it('property: an amount written at its scale reads back as itself', () => {
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 20n), 10n ** 20n), fc.integer({ min: 0, max: 8 }), (value, scale) => {
        const read = readAmountText(formatMinor(value, scale), scale);
        expect(read).toMatchObject({ kind: 'minor', value });
      }),
    );
  });
});

describe('balanceMinor', () => {
  it('reads a wallet balance at the scale, cutting extra places and counting junk as nothing', () => {
    expect(balanceMinor('1.00000000', 8)).toBe(100_000_000n);
    expect(balanceMinor('1.239', 2)).toBe(123n);
    expect(balanceMinor('', 8)).toBe(0n);
    expect(balanceMinor('abc', 8)).toBe(0n);
  });
});
