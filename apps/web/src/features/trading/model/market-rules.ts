import type { MarketRow } from '@exchange/contracts';
import {
  CRYPTO_CODES,
  type CryptoCode,
  type MarketRules,
  NO_LIMIT_ORDER_COINS,
  percentToBps,
} from '@exchange/domain';

/** The spec's ten coins, in the dropdown's order. */
export const TRADE_COINS: readonly CryptoCode[] = CRYPTO_CODES;

/** Spec section 9: instant orders settle in USD, limit orders in USDT. */
export const INSTANT_FIAT = 'USD';
export const LIMIT_QUOTE = 'USDT';

export function marketIdOf(coin: CryptoCode): string {
  return `${coin}-${LIMIT_QUOTE}`;
}

export function offersLimitOrders(coin: CryptoCode): boolean {
  return !NO_LIMIT_ORDER_COINS.includes(coin);
}

/** GET /market/ answers in the spec's field names; the domain's rule checker reads its own. */
export function rulesFromRow(row: MarketRow): MarketRules | null {
  const base = CRYPTO_CODES.find((code) => code === row.base_currency_id);
  const takerFeeBps = percentToBps(row.taker_fee_rate);
  const makerFeeBps = percentToBps(row.maker_fee_rate);
  if (!base || row.quote_currency_id !== LIMIT_QUOTE || takerFeeBps === null || makerFeeBps === null)
    return null;
  return {
    id: row.id,
    base,
    quote: LIMIT_QUOTE,
    minPrice: row.min_price,
    maxPrice: row.max_price,
    priceIncrement: row.price_increment,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    quantityPrecision: row.quantity_precision,
    minCost: row.min_cost,
    maxCost: row.max_cost,
    costPrecision: row.cost_precision,
    takerFeeBps,
    makerFeeBps,
    showInUi: row.show_in_ui,
    closed: row.closed,
  };
}

/** The coin's USDT market rules, if the coin has a market. */
export function rulesForCoin(rows: readonly MarketRow[] | undefined, coin: CryptoCode): MarketRules | null {
  const row = rows?.find((candidate) => candidate.id === marketIdOf(coin));
  return row ? rulesFromRow(row) : null;
}

/**
 * Decimals of a coin's USD price wherever the trading screen shows one (the instant quote, its
 * confirmation, a USD chart), as the dashboard's top currencies and the coin carousel show it: cents
 * would read USDT at $0.9999 as '$0.99' and XRP's price times the quantity would not give the cost.
 */
export const USD_PRICE_DECIMALS = 4;

/** Spec section 9: 0.2% for every market, used until the market list has loaded. */
export const DEFAULT_FEE_BPS = 20n;
