import type { MarketRow } from '@exchange/contracts';
import { formatMinorTrimmed, MARKETS, type MarketRules } from '@exchange/domain';

/** Fees are kept in basis points; the spec's clients read them in percent ('0.2' is 0.2%). */
const percentOfBps = (bps: bigint) => formatMinorTrimmed(bps, 2);

export function marketRow(market: MarketRules): MarketRow {
  return {
    id: market.id,
    base_currency_id: market.base,
    quote_currency_id: market.quote,
    min_price: market.minPrice,
    max_price: market.maxPrice,
    price_increment: market.priceIncrement,
    min_quantity: market.minQuantity,
    max_quantity: market.maxQuantity,
    quantity_precision: market.quantityPrecision,
    min_cost: market.minCost,
    max_cost: market.maxCost,
    cost_precision: market.costPrecision,
    taker_fee_rate: percentOfBps(market.takerFeeBps),
    maker_fee_rate: percentOfBps(market.makerFeeBps),
    show_in_ui: market.showInUi,
    closed: market.closed,
  };
}

/** The limit-order markets of spec section 9, with every rule the buy/sell screen checks. */
export function listMarkets(): MarketRow[] {
  return MARKETS.map(marketRow);
}

/**
 * What POST /common/wrapper/get answers: the same markets, named like 'BTC-USDT', in the shape the
 * spec's client reads from a third-party exchange. Built from our own data only; no URL is fetched.
 */
export function wrapperMarkets(): { success: true; result: (MarketRow & { name: string })[] } {
  return { success: true, result: MARKETS.map((market) => ({ name: market.id, ...marketRow(market) })) };
}
