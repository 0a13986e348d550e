import { describe, expect, it } from 'vitest';
import { swapAmountProblem } from './swap-rules';

describe('swapAmountProblem', () => {
  it("checks 'greater than 0' before the balance", () => {
    expect(swapAmountProblem('', '1', 'ETH')).toBe('Amount must be greater than 0');
    expect(swapAmountProblem('0', '0', 'ETH')).toBe('Amount must be greater than 0');
    expect(swapAmountProblem('-1', '5', 'ETH')).toBe('Amount must be greater than 0');
    expect(swapAmountProblem('1.5', '1', 'ETH')).toBe('Insufficient amount');
    expect(swapAmountProblem('1', undefined, 'ETH')).toBe('Insufficient amount');
    expect(swapAmountProblem('0.5', '1.00000000', 'ETH')).toBeNull();
  });

  it("refuses more decimals than the coin's scale, as the server does, instead of rounding", () => {
    expect(swapAmountProblem('0.000000001', '1', 'ETH')).toBe('Amount can have at most 8 decimal places');
    expect(swapAmountProblem('0.0000001', '100', 'XRP')).toBe('Amount can have at most 6 decimal places');
    // Checked before 'greater than 0' and the balance, in the server's order.
    expect(swapAmountProblem('0.000000000001', '1', 'ETH')).toBe('Amount can have at most 8 decimal places');
    expect(swapAmountProblem('5.000000001', '1', 'ETH')).toBe('Amount can have at most 8 decimal places');
    // Trailing zeros add no precision.
    expect(swapAmountProblem('0.000000010', '1', 'ETH')).toBeNull();
    expect(swapAmountProblem('0.00000001', '1', 'ETH')).toBeNull();
    expect(swapAmountProblem('0.000001', '100', 'XRP')).toBeNull();
  });
});
