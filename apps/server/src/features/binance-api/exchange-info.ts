import { BINANCE_ORDER_TYPES } from '@exchange/contracts';
import { formatMinor, MARKETS, type MarketRules, marketUnits, parseDecimal } from '@exchange/domain';
import { symbolOf } from './binance-params';

/** The request weights and budgets exchangeInfo announces (request-weight.ts enforces them). */
export interface AnnouncedLimits {
  readonly weightPerMinute: number;
}

/**
 * One market in exchangeInfo's shape, its filters from our market rules: PRICE_FILTER (minimum price
 * and tick), LOT_SIZE (Binance's minQty is inclusive and our minimum quantity exclusive, so minQty is
 * one step above it) and NOTIONAL (the minimum cost of a limit order; market orders are bounded by
 * the book instead, as in the web's rules).
 */
export function symbolInfo(rules: MarketRules) {
  const units = marketUnits(rules);
  const step = formatMinor(1n, units.quantityScale);
  const minQuantity = parseDecimal(rules.minQuantity, units.quantityScale);
  if (minQuantity === null) throw new Error(`invariant violated: market limit ${rules.minQuantity}`);
  return {
    symbol: symbolOf(rules),
    status: rules.closed ? 'BREAK' : 'TRADING',
    baseAsset: rules.base,
    baseAssetPrecision: units.quantityScale,
    quoteAsset: rules.quote,
    quotePrecision: units.quoteScale,
    quoteAssetPrecision: units.quoteScale,
    baseCommissionPrecision: units.quantityScale,
    quoteCommissionPrecision: units.quoteScale,
    orderTypes: BINANCE_ORDER_TYPES,
    icebergAllowed: false,
    // OCO order lists (issue 48): a LIMIT_MAKER with a STOP_LOSS_LIMIT; no OTO lists.
    ocoAllowed: true,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: false,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: rules.minPrice,
        maxPrice: rules.maxPrice,
        tickSize: rules.priceIncrement,
      },
      {
        filterType: 'LOT_SIZE',
        minQty: formatMinor(minQuantity + 1n, units.quantityScale),
        maxQty: rules.maxQuantity,
        stepSize: step,
      },
      {
        filterType: 'NOTIONAL',
        minNotional: rules.minCost,
        applyMinToMarket: false,
        maxNotional: rules.maxCost,
        applyMaxToMarket: false,
        avgPriceMins: 0,
      },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_MAKER'],
  };
}

/** GET /api/v3/exchangeInfo: the server's time, its limits and every open market. */
export function exchangeInfo(nowMs: number, limits: AnnouncedLimits, only?: readonly MarketRules[]) {
  return {
    timezone: 'UTC',
    serverTime: nowMs,
    rateLimits: [
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: limits.weightPerMinute },
    ],
    exchangeFilters: [],
    symbols: (only ?? MARKETS).map(symbolInfo),
  };
}
