import { describe, expect, it } from 'vitest';
import {
  type ConvertContext,
  offersGetUsdt,
  offersUsdConvert,
  proposeUsdAmount,
  usdtShortfall,
} from './usd-convert';

const limitBuy = (overrides: Partial<ConvertContext> = {}): ConvertContext => ({
  side: 'buy',
  type: 'limit',
  orderTotal: '50.10000000',
  usdtAvailable: '0',
  usdAvailable: '100.00',
  ...overrides,
});

describe('when the order form offers to convert USD to USDT', () => {
  it('offers it for a limit buy whose total is above the USDT available while USD is held', () => {
    expect(offersUsdConvert(limitBuy())).toBe(true);
    expect(usdtShortfall(limitBuy({ usdtAvailable: '20.05' }))).toBe('30.05000000');
  });

  it('does not offer it when USDT covers the order, to the last decimal', () => {
    expect(offersUsdConvert(limitBuy({ usdtAvailable: '50.1' }))).toBe(false);
    expect(usdtShortfall(limitBuy({ usdtAvailable: '50.09999999' }))).toBe('0.00000001');
  });

  it('does not offer it without USD, for a sell, an instant order, or before the order is typed', () => {
    expect(offersUsdConvert(limitBuy({ usdAvailable: '0.00' }))).toBe(false);
    expect(offersUsdConvert(limitBuy({ usdAvailable: undefined }))).toBe(false);
    expect(offersUsdConvert(limitBuy({ side: 'sell' }))).toBe(false);
    expect(offersUsdConvert(limitBuy({ type: 'instant' }))).toBe(false);
    expect(offersUsdConvert(limitBuy({ orderTotal: null }))).toBe(false);
  });

  it("shows 'Get USDT' on a limit buy when USDT is 0 and USD is more than 0, whatever is typed", () => {
    const base = { side: 'buy', type: 'limit', usdtAvailable: '0.00000000', usdAvailable: '0.01' } as const;
    expect(offersGetUsdt(base)).toBe(true);
    expect(offersGetUsdt({ ...base, usdtAvailable: '0.00000001' })).toBe(false);
    expect(offersGetUsdt({ ...base, usdAvailable: '0.00' })).toBe(false);
    expect(offersGetUsdt({ ...base, type: 'instant' })).toBe(false);
  });
});

describe('the USD amount the step proposes', () => {
  it('is the shortfall rounded up to the cent before any quote', () => {
    expect(proposeUsdAmount('50.10000000', '100.00')).toBe('50.10');
    expect(proposeUsdAmount('30.05000001', '100.00')).toBe('30.06');
    expect(proposeUsdAmount('0.00000001', '100.00')).toBe('0.01');
  });

  it('never proposes more than the USD held', () => {
    expect(proposeUsdAmount('250.00000000', '100.00')).toBe('100.00');
  });

  it("after a quote that pays out less than the shortfall, is the shortfall at the quote's rate, up to the cent", () => {
    // 50.10 USD pays 50.0499 USDT (0.1% fee): 50.10 × 50.10 / 50.0499 = 50.1501… → 50.16.
    expect(
      proposeUsdAmount('50.10000000', '100.00', { from_amount: '50.10', to_amount: '50.04990000' }),
    ).toBe('50.16');
    // A quote short by a hair still moves up by at least a cent.
    expect(proposeUsdAmount('10.00000000', '100.00', { from_amount: '10.00', to_amount: '9.99999999' })).toBe(
      '10.01',
    );
  });

  it('keeps the amount when the quote already covers the shortfall, and refuses nonsense', () => {
    expect(
      proposeUsdAmount('50.10000000', '100.00', { from_amount: '50.16', to_amount: '50.10984000' }),
    ).toBe(null);
    expect(proposeUsdAmount('0', '100.00')).toBe(null);
    expect(proposeUsdAmount('abc', '100.00')).toBe(null);
  });
});
