import { describe, expect, it } from 'vitest';
import { averageFillPrice } from './average-fill';

describe('average fill price', () => {
  it('divides the filled cost by the filled quantity', () => {
    expect(averageFillPrice('590.00000000', '0.010000', 1)).toBe('59000.0');
    expect(averageFillPrice('100', '3', 4)).toBe('33.3333');
  });
  it('is unknown before the first fill', () => {
    expect(averageFillPrice('0', '0.000000', 2)).toBeNull();
  });
});
