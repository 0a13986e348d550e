import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatAssetAmount,
  formatAssetListAmount,
  formatAssetPrice,
  formatDateTime,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatSignificant,
  formatUsd,
  isNegative,
} from './format';

describe('display formatting (spec section 9)', () => {
  it('shows amounts to 4 decimals, cutting extra digits instead of rounding them up', () => {
    expect(formatAmount('1234.56789')).toBe('1,234.5678');
    expect(formatAmount('0.00009')).toBe('0.0000');
    expect(formatAmount('5')).toBe('5.0000');
    expect(formatAmount('-2.99999')).toBe('-2.9999');
    expect(formatAmount('0.000123456', 6)).toBe('0.000123');
    // An 'Available' hint: every digit the coin has (XRP 6, BTC 8), nothing more.
    expect(formatAssetAmount('185', 'XRP')).toBe('185.000000');
    expect(formatAssetAmount('0.00012345', 'BTC')).toBe('0.00012345');
    expect(formatAssetAmount('2', 'MULTI')).toBe('2.00000000');
  });

  it('shows a list amount to 4 decimals, but a non-zero one never as zero, up to its coin scale', () => {
    expect(formatAssetListAmount('0.00151234567', 'BTC')).toBe('0.0015');
    expect(formatAssetListAmount('100', 'USD')).toBe('100.0000');
    expect(formatAssetListAmount('0.97', 'USD')).toBe('0.9700');
    expect(formatAssetListAmount('0.001', 'USD')).toBe('0.0010');
    // An instant buy of 0.00001 BTC read 'TO 0.0000 BTC'.
    expect(formatAssetListAmount('0.00001000', 'BTC')).toBe('0.00001');
    expect(formatAssetListAmount('-0.0000012', 'ETH')).toBe('-0.000001');
    expect(formatAssetListAmount('0.00000001', 'BTC')).toBe('0.00000001');
    // XRP has 6 decimals: nothing finer exists to show.
    expect(formatAssetListAmount('0.000001', 'XRP')).toBe('0.000001');
    expect(formatAssetListAmount('0', 'BTC')).toBe('0.0000');
    expect(formatAssetListAmount('12.00001', 'BTC')).toBe('12.0000');
  });

  it('keeps digits a float would lose', () => {
    expect(formatDecimal('9999999999999999.1234', 4)).toBe('9,999,999,999,999,999.1234');
    expect(formatAmount('0.3000000000000000444')).toBe('0.3000');
  });

  it('shows dollar values to 2 decimals and prices with their own precision', () => {
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd('-3.109')).toBe('-$3.10');
    expect(formatPrice('64123.45678', 3)).toBe('64,123.456');
  });

  it('shows percents to 2 decimals, signed on request, and tells the direction', () => {
    expect(formatPercent('2.5')).toBe('2.50%');
    expect(formatPercent('-0.456')).toBe('-0.45%');
    expect(formatPercent('1.2', 2, { signed: true })).toBe('+1.20%');
    expect(formatPercent('0', 2, { signed: true })).toBe('0.00%');
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('0')).toBe(false);
    expect(isNegative('-0')).toBe(false);
  });

  it('answers - for what is not a decimal string', () => {
    expect(formatAmount(undefined)).toBe('-');
    expect(formatAmount('abc')).toBe('-');
    expect(formatUsd('1e5')).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });

  it('formats a medium date-time', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 15, 4, 5))).toBe('Jan 5, 2024, 3:04:05 PM');
  });

  it('shows a small coin amount with the decimals it needs, and prices to their market tick', () => {
    expect(formatSignificant('0.0000105234')).toBe('0.00001052');
    expect(formatSignificant('1.5')).toBe('1.5000');
    expect(formatAssetPrice('64123.45678', 'BTC')).toBe('64,123.4');
    expect(formatAssetPrice('0.451234', 'ADA')).toBe('0.4512');
  });
});
