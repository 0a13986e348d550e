import { describe, expect, it } from 'vitest';
import { transactionLabel } from './transaction-label';

const side = (currency_code: string) => ({ currency_code, amount: '1' });

describe('transaction types read as words', () => {
  it('names trades by the coin they moved', () => {
    expect(transactionLabel({ operation: 'BUY', from: side('USD'), to: side('BTC') })).toBe('Bought BTC');
    expect(transactionLabel({ operation: 'SELL', from: side('ETH'), to: side('USD') })).toBe('Sold ETH');
    expect(transactionLabel({ operation: 'LIMIT_BUY', from: side('USDT'), to: side('BTC') })).toBe(
      'Limit buy filled',
    );
  });
  it('names the other movements plainly, and never shows an enum name', () => {
    expect(transactionLabel({ operation: 'DEPOSIT', from: null, to: side('USD') })).toBe('Deposit');
    expect(transactionLabel({ operation: 'SWAP', from: side('BTC'), to: side('ETH') })).toBe(
      'Swapped BTC to ETH',
    );
    expect(transactionLabel({ operation: 'RESTAKE', from: side('BTC'), to: null })).toBe('Restaked BTC');
    expect(transactionLabel({ operation: 'NFT_BUY', from: side('USD'), to: null })).toBe('Bought an NFT');
    expect(transactionLabel({ operation: 'NFT_SALE', from: null, to: side('ETH') })).toBe('Sold an NFT');
    expect(transactionLabel({ operation: 'SOMETHING_NEW', from: null, to: null })).toBe('Something new');
  });
});
