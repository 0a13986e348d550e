import type { TickerItem } from '@exchange/contracts';
import {
  type AssetCode,
  changeHundredthsOfPercent,
  formatMinor,
  PRICE_DECIMALS,
  type PricePoint,
} from '@exchange/domain';

/** Prices on the wire: USD per unit with all eight decimals, like an exchange's lastPrice. */
export function formatUsd(usd: bigint): string {
  return formatMinor(usd, PRICE_DECIMALS);
}

/** '-1.23', '0.00', '4.50': the change since `open`, in percent with two decimals; '0.00' without history. */
export function formatChangePercent(open: bigint | undefined, last: bigint): string {
  if (open === undefined || open <= 0n) return '0.00';
  return formatMinor(changeHundredthsOfPercent(open, last), 2);
}

/** The live ticker of one asset, as the WebSocket 'ticker' channel and the top-ten table show it. */
export function tickerOf(point: PricePoint, open: bigint | undefined): TickerItem {
  return {
    ticker: point.asset,
    lastPrice: formatUsd(point.usd),
    priceChangePercent: formatChangePercent(open, point.usd),
    at: point.at.toISOString(),
  };
}

export function tickersOf(points: Iterable<PricePoint>, opens: ReadonlyMap<AssetCode, bigint>): TickerItem[] {
  return [...points].map((point) => tickerOf(point, opens.get(point.asset)));
}
