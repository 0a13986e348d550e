import { describe, expect, it } from 'vitest';
import { orderRuleMessage } from './order-rules';

describe('the order rules’ messages', () => {
  it('say "decimal place" for one and "decimal places" for more (XRP takes 1, BTC 6)', () => {
    expect(orderRuleMessage('quantity_precision_exceeded', { precision: '1' })).toBe(
      'Quantity can have at most 1 decimal place',
    );
    expect(orderRuleMessage('quantity_precision_exceeded', { precision: '6' })).toBe(
      'Quantity can have at most 6 decimal places',
    );
    expect(orderRuleMessage('quantity_too_small', { min: '0.1' })).not.toMatch(/\{/);
  });
});
