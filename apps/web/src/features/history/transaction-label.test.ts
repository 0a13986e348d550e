import { HISTORY_OPERATIONS } from '@exchange/domain';
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
  it('names every movement of the account, withdrawals, refunds and debts included', () => {
    expect(transactionLabel({ operation: 'WITHDRAW', from: side('USD'), to: null })).toBe('Withdrawal');
    expect(transactionLabel({ operation: 'WITHDRAW', from: side('USDT'), to: null })).toBe('Withdrawal');
    expect(transactionLabel({ operation: 'DEPOSIT_REFUND', from: side('USD'), to: null })).toBe(
      'Deposit refunded',
    );
    expect(transactionLabel({ operation: 'DEPOSIT_REVERSAL', from: side('USD'), to: null })).toBe(
      'Deposit reversed',
    );
    expect(transactionLabel({ operation: 'DEBT_COLLECTED', from: side('USD'), to: null })).toBe('Debt paid');
    expect(transactionLabel({ operation: 'P2P_RECEIVE', from: null, to: side('ETH') })).toBe('Received ETH');
    expect(transactionLabel({ operation: 'STAKE_REDEEM', from: null, to: side('ETH') })).toBe(
      'Stake redeemed',
    );
    expect(transactionLabel({ operation: 'REFERRAL_REWARD', from: null, to: side('USDT') })).toBe(
      'Referral reward',
    );
  });
  it('has its own words for every kind the server writes, none an enum name', () => {
    for (const operation of Object.values(HISTORY_OPERATIONS)) {
      const label = transactionLabel({ operation, from: side('BTC'), to: side('USD') });
      expect(label).not.toMatch(/_/);
      expect(label).not.toBe(operation);
    }
  });
});
