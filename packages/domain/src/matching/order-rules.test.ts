import { describe, expect, it } from 'vitest';
import { findMarket, type MarketRules } from '../markets';
import { validateOrder } from './order-rules';

const market = (id: string): MarketRules => {
  const rules = findMarket(id);
  if (!rules) throw new Error(`no market ${id}`);
  return rules;
};
const btc = market('BTC-USDT');
const matic = market('MATIC-USDT');

const limit = (quantity: string | undefined, price: string | undefined, rules = btc) =>
  validateOrder(rules, { type: 'limit', quantity, price });

describe('validateOrder, in the order of the spec', () => {
  it('accepts a BTC limit order and gives it in ticks and lots', () => {
    expect(limit('0.25', '64250.1')).toEqual({ ok: true, value: { quantity: 250_000n, price: 642_501n } });
  });

  it('asks for a quantity first, then for a limit price', () => {
    expect(limit(undefined, undefined)).toEqual({ ok: false, code: 'quantity_required' });
    expect(limit('  ', '100')).toEqual({ ok: false, code: 'quantity_required' });
    expect(limit('1', '')).toEqual({ ok: false, code: 'limit_price_required' });
  });

  it('rejects text that is not a plain decimal', () => {
    expect(limit('abc', '100')).toEqual({ ok: false, code: 'invalid_quantity' });
    expect(limit('1', '1e5')).toEqual({ ok: false, code: 'invalid_price' });
  });

  it('wants a quantity strictly above min_quantity ("Quantity should be greater than {min}")', () => {
    expect(limit('0.000001', '1000000')).toEqual({
      ok: false,
      code: 'quantity_too_small',
      params: { min: '0.000001' },
    });
    expect(limit('0', '1000000')).toMatchObject({ code: 'quantity_too_small' });
    expect(limit('-1', '1000000')).toMatchObject({ code: 'quantity_too_small' });
    expect(limit('0.000002', '1000000')).toMatchObject({ ok: true });
  });

  it('caps the quantity at max_quantity', () => {
    expect(limit('10000000000000000', '1')).toEqual({
      ok: false,
      code: 'quantity_too_large',
      params: { max: '9999999999999999' },
    });
  });

  it('keeps the limit price within min_price and max_price, both inclusive', () => {
    expect(limit('100', '0.09')).toEqual({ ok: false, code: 'price_too_small', params: { min: '0.1' } });
    expect(limit('100', '0.1')).toMatchObject({ ok: true });
    expect(limit('0.0001', '10000000000000000')).toMatchObject({
      code: 'price_too_large',
      params: { max: '9999999999999999' },
    });
  });

  it('wants price × quantity of at least min_cost ("Minimum Cost must be Greater than {min_cost}")', () => {
    expect(limit('0.05', '10')).toEqual({ ok: false, code: 'cost_too_small', params: { min_cost: '1' } });
    expect(limit('0.1', '10')).toMatchObject({ ok: true });
    expect(limit('9', '0.0001', matic)).toEqual({
      ok: false,
      code: 'cost_too_small',
      params: { min_cost: '0.001' },
    });
    expect(limit('10', '0.00010', matic)).toEqual({ ok: true, value: { quantity: 100_000n, price: 10n } });
  });

  it('checks precision and the price increment after the spec rules', () => {
    expect(limit('0.0000015', '1000000')).toEqual({
      ok: false,
      code: 'quantity_precision_exceeded',
      params: { precision: '6' },
    });
    expect(limit('1', '100.05')).toEqual({
      ok: false,
      code: 'price_not_on_tick',
      params: { increment: '0.1' },
    });
    expect(limit('1.500000', '100.10')).toEqual({ ok: true, value: { quantity: 1_500_000n, price: 1_001n } });
  });

  it('reports the first broken rule when several are broken', () => {
    expect(limit('0.0000001', '0.01')).toMatchObject({ code: 'quantity_too_small' });
    expect(limit('1', '0.01')).toMatchObject({ code: 'price_too_small' });
  });

  it('needs no price for a market order and skips the price and cost rules', () => {
    expect(validateOrder(btc, { type: 'market', quantity: '0.5' })).toEqual({
      ok: true,
      value: { quantity: 500_000n, price: null },
    });
    expect(validateOrder(btc, { type: 'market', quantity: '0.000001' })).toMatchObject({
      code: 'quantity_too_small',
    });
  });

  it('turns everything away on a closed market', () => {
    expect(validateOrder({ ...btc, closed: true }, { type: 'limit', quantity: '1', price: '100' })).toEqual({
      ok: false,
      code: 'market_closed',
    });
  });
});
