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
});
