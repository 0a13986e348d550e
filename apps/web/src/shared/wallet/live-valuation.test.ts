import type { TickerItem, WalletCurrency } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { movedTotal, revalueWallet } from './live-valuation';

const currency = (
  symbol: WalletCurrency['symbol'],
  balance: string,
  value: string,
  locked = '0',
): WalletCurrency => ({
  _id: symbol,
  name: symbol,
  symbol,
  image_url: '',
  balance,
  locked,
  currency_type: symbol === 'USD' ? 'FIAT' : 'CRYPTO',
  asset_value: value,
  asset_value_percent: '0.00',
  interest_earned: '0.00',
});
const ticker = (code: string, lastPrice: string): [string, TickerItem] => [
  code,
  { ticker: code, lastPrice, priceChangePercent: '0', at: new Date(0).toISOString() },
];

describe('revalueWallet', () => {
  it('keeps the server figures when no live price is known', () => {
    const out = revalueWallet(
      [currency('USD', '100', '100.00'), currency('BTC', '0.5', '30000.00')],
      new Map(),
    );
    expect(out.totalUsd).toBe('30100.00');
    expect(out.changeCents).toBe(0n);
    expect(out.currencies.map((c) => c.asset_value)).toEqual(['100.00', '30000.00']);
  });

  it('values available plus locked at the live price, rounded down, with shares of the new total', () => {
    const out = revalueWallet(
      [
        currency('USD', '100', '100.00'),
        currency('BTC', '0.4', '0.00', '0.1'),
        currency('MULTI', '5', '50.00'),
      ],
      new Map([ticker('BTC', '60000.019'), ticker('MULTI', '999')]),
    );
    // 0.5 BTC × 60000.019 = 30000.0095 → 30000.00; MULTI keeps its index value.
    expect(out.currencies.map((c) => c.asset_value)).toEqual(['100.00', '30000.00', '50.00']);
    expect(out.totalUsd).toBe('30150.00');
    expect(out.changeCents).toBe(3_000_000n);
    expect(movedTotal('150.00', out.changeCents)).toBe('30150.00');
    expect(movedTotal('1.00', -500n)).toBe('0.00');
    expect(out.currencies.map((c) => c.asset_value_percent)).toEqual(['0.33', '99.50', '0.16']);
  });
});
