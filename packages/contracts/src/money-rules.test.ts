import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  P2P_RULE_MESSAGES,
  p2pRuleMessage,
  STAKE_RULE_MESSAGES,
  SWAP_RULE_MESSAGES,
  stakeRuleMessage,
  swapRuleMessage,
} from './money-rules';

describe('the money forms’ messages', () => {
  it('are all the spec’s texts from the catalogue', () => {
    const catalogue = new Set<string>(Object.values(messages));
    for (const table of [SWAP_RULE_MESSAGES, P2P_RULE_MESSAGES, STAKE_RULE_MESSAGES]) {
      for (const [code, { template }] of Object.entries(table))
        expect(catalogue.has(template), code).toBe(true);
    }
  });

  it('fill in their figures', () => {
    expect(swapRuleMessage('amount_precision_exceeded', { precision: '6' })).toBe(
      'Amount can have at most 6 decimal places',
    );
    expect(p2pRuleMessage('amount_precision_exceeded', { precision: '8' })).toBe(
      'Amount can have at most 8 decimal places',
    );
    expect(stakeRuleMessage('stake_below_minimum', { min: '0.1' })).toBe('Minimum stake amount is 0.1');
    expect(swapRuleMessage('amount_not_positive')).toBe('Amount must be greater than 0');
    expect(p2pRuleMessage('amount_not_positive')).toBe('Amount should be greater than 0');
    expect(p2pRuleMessage('recipient_not_confirmed')).toBe('Please valiadate your email first');
  });
});
