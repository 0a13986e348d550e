import { describe, expect, it } from 'vitest';
import { limitEstimate } from './limit-estimate';

describe('a limit order estimate, as the server holds and pays it', () => {
  it('charges the fee on the value at USDT places, rounded up there, not at the value own places', () => {
    expect(limitEstimate('0.001', '50001', 20n, 'buy')).toEqual({
      cost: '50.00100000',
      fee: '0.10000200',
      total: '50.10100200',
    });
  });

  it('rounds a buy value up and a sell value down to a ledger unit before the fee', () => {
    // 0.00000001 × 0.5 = 0.000000005: a buyer pays one unit, a seller receives none.
    expect(limitEstimate('0.00000001', '0.5', 20n, 'buy')).toEqual({
      cost: '0.00000001',
      fee: '0.00000001',
      total: '0.00000002',
    });
    expect(limitEstimate('0.00000001', '0.5', 20n, 'sell')).toEqual({
      cost: '0.00000000',
      fee: '0.00000000',
      total: '0.00000000',
    });
    expect(limitEstimate('2', '100', 20n, 'sell')).toEqual({
      cost: '200.00000000',
      fee: '0.40000000',
      total: '199.60000000',
    });
  });

  it('is null until both inputs are plain decimals', () => {
    expect(limitEstimate('', '100', 20n, 'buy')).toBeNull();
    expect(limitEstimate('1', '1e3', 20n, 'buy')).toBeNull();
  });
});
