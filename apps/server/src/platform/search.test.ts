import { describe, expect, it } from 'vitest';
import { containsPattern, phonePattern } from './search';

describe('search patterns', () => {
  it('match a term literally: %, _ and \\ are escaped', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('match a phone number as the screens write it by its digits', () => {
    expect(phonePattern('+1 5550100')).toBe('%15550100%');
    expect(phonePattern('(971) 50-123.4567')).toBe('%971501234567%');
    expect(phonePattern('5550100')).toBe('%5550100%');
  });

  it('leave any other term as it is', () => {
    expect(phonePattern('alice')).toBe('%alice%');
    expect(phonePattern('+ -')).toBe('%+ -%');
    expect(phonePattern('bob 2')).toBe('%bob 2%');
  });
});
