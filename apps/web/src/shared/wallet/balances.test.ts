import { describe, expect, it } from 'vitest';
import { isPositiveAmount, totalBalance } from './balances';

describe('wallet balances', () => {
  it('adds available and locked without floating point', () => {
    expect(totalBalance('0.1', '0.2')).toBe('0.300000000000000000');
    expect(totalBalance('12345678901234.12345678', '0')).toBe('12345678901234.123456780000000000');
  });

  it('treats only amounts above zero as payable', () => {
    expect(isPositiveAmount('250')).toBe(true);
    expect(isPositiveAmount('0.01')).toBe(true);
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('0.00')).toBe(false);
    expect(isPositiveAmount('-5')).toBe(false);
    expect(isPositiveAmount('')).toBe(false);
  });
});
