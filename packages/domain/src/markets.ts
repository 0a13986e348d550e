import type { CryptoCode } from './assets';

/**
 * The USDT limit-order markets of spec section 9. Decimal limits are kept as strings here and parsed
 * where they are used, at the scale of the asset they measure.
 */
export interface MarketRules {
  readonly id: string;
  readonly base: CryptoCode;
  readonly quote: 'USDT';
  readonly minPrice: string;
  readonly maxPrice: string;
  readonly priceIncrement: string;
  readonly minQuantity: string;
  readonly maxQuantity: string;
  readonly quantityPrecision: number;
  readonly minCost: string;
  readonly maxCost: string;
  readonly costPrecision: number;
  /** Spec value 0.2, read as percent: 0.2% = 20 bps. */
  readonly takerFeeBps: bigint;
  readonly makerFeeBps: bigint;
  readonly showInUi: boolean;
  readonly closed: boolean;
}

const MAX = '9999999999999999';

function market(
  base: CryptoCode,
  minPrice: string,
  minQuantity: string,
  quantityPrecision: number,
  minCost: string,
): MarketRules {
  return {
    id: `${base}-USDT`,
    base,
    quote: 'USDT',
    minPrice,
    maxPrice: MAX,
    priceIncrement: minPrice,
    minQuantity,
    maxQuantity: MAX,
    quantityPrecision,
    minCost,
    maxCost: MAX,
    costPrecision: 8,
    takerFeeBps: 20n,
    makerFeeBps: 20n,
    showInUi: true,
    closed: false,
  };
}

export const MARKETS: readonly MarketRules[] = [
  market('BTC', '0.1', '0.000001', 6, '1'),
  market('BNB', '0.01', '0.0001', 4, '1'),
  market('ETH', '0.01', '0.00001', 5, '1'),
  market('USDC', '0.0001', '0.0001', 4, '1'),
  market('XRP', '0.00001', '0.1', 1, '1'),
  market('MATIC', '0.00001', '0.0001', 4, '0.001'),
  market('DOT', '0.01', '0.0001', 4, '1'),
  market('LTC', '0.01', '0.001', 3, '1'),
];

export function findMarket(id: string): MarketRules | undefined {
  return MARKETS.find((m) => m.id === id);
}

/** Coins for which the buy/sell screen does not offer limit orders. */
export const NO_LIMIT_ORDER_COINS: readonly CryptoCode[] = ['ADA', 'USDT', 'BUSD'];
