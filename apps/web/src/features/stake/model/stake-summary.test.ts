import { describe, expect, it } from 'vitest';
import { stakeSummary } from './stake-summary';

describe('stakeSummary', () => {
  const variant = { duration: 30, apy: '8.00', min_amount: '0.1' };
  const now = new Date('2026-01-01T00:00:00Z');

  it('shows the interest the server will pay, rounded down at the coin’s scale', () => {
    expect(stakeSummary('BTC', variant, '0.5', now)).toEqual({
      interest: '0.00328767',
      payout: '0.50328767',
      endDate: new Date('2026-01-31T00:00:00Z'),
    });
  });

  it('is empty until the amount is a positive number the coin can hold', () => {
    expect(stakeSummary('BTC', variant, '', now)).toBeNull();
    expect(stakeSummary('BTC', variant, '0', now)).toBeNull();
    expect(stakeSummary('XRP', variant, '1.1234567', now)).toBeNull();
  });
});
