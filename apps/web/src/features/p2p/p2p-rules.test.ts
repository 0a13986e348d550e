import { describe, expect, it } from 'vitest';
import { p2pFormProblem } from './p2p-rules';

const balances = { ETH: '1.00000000' };
const message = (email: string, currency: string, amount: string, validated = false) =>
  p2pFormProblem({ email, currency, amount }, balances, validated)?.message ?? null;

describe('p2pFormProblem', () => {
  it("checks the spec's messages in order", () => {
    expect(message('', '', '')).toBe('Please Enter Email Id');
    expect(message('carol', '', '')).toBe('Please Enter Valid Email Id');
    expect(message('carol@example.com', '', '')).toBe('Please Choose Currency');
    expect(message('carol@example.com', 'ETH', '')).toBe('Please Enter Amount');
    expect(message('carol@example.com', 'ETH', '2')).toBe('Insufficient amount');
    expect(message('carol@example.com', 'ETH', '0')).toBe('Amount should be greater than 0');
    expect(message('carol@example.com', 'ETH', '-1')).toBe('Amount should be greater than 0');
    expect(message('carol@example.com', 'ETH', '0.5')).toBe('Please valiadate your email first');
    expect(message('carol@example.com', 'ETH', '0.5', true)).toBeNull();
  });

  it("refuses more decimals than the coin's scale before the balance, as the server does", () => {
    expect(message('carol@example.com', 'ETH', '0.000000001', true)).toBe(
      'Amount can have at most 8 decimal places',
    );
    expect(message('carol@example.com', 'ETH', '5.000000001', true)).toBe(
      'Amount can have at most 8 decimal places',
    );
    expect(
      p2pFormProblem(
        { email: 'carol@example.com', currency: 'XRP', amount: '0.0000001' },
        { XRP: '10.000000' },
        true,
      ),
    ).toEqual({ field: 'amount', message: 'Amount can have at most 6 decimal places' });
    expect(message('carol@example.com', 'ETH', '0.000000010', true)).toBeNull();
    expect(message('carol@example.com', 'ETH', '0.00000001', true)).toBeNull();
  });

  it('names the field of each problem, and takes the coins the server takes', () => {
    const problem = (values: { email: string; currency: string; amount: string }) =>
      p2pFormProblem(values, balances, true);
    expect(problem({ email: 'carol', currency: 'ETH', amount: '1' })?.field).toBe('email');
    expect(problem({ email: 'carol@example.com', currency: 'MULTI', amount: '1' })).toEqual({
      field: 'currency',
      message: 'Please Choose Currency',
    });
    expect(problem({ email: 'carol@example.com', currency: 'ETH', amount: 'abc' })?.field).toBe('amount');
    // The coin the wallet does not list is one with nothing held.
    expect(problem({ email: 'carol@example.com', currency: 'BTC', amount: '0.1' })?.message).toBe(
      'Insufficient amount',
    );
  });
});
