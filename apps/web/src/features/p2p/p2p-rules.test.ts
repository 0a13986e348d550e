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
});
