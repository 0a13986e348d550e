import type { TickerItem, WalletCurrency } from '@exchange/contracts';
import {
  formatMinor,
  getAsset,
  isAssetCode,
  PRICE_DECIMALS,
  parseDecimal,
  USD_CENTS_SCALE,
  usdCentsOf,
} from '@exchange/domain';

const cents = (usd: string) => parseDecimal(usd, USD_CENTS_SCALE, 'down') ?? 0n;

/**
 * The wallet valued at the socket's newest prices, the way the server values it (available plus
 * locked at the coin's USD price, rounded down to the cent; shares in hundredths of a percent, rounded
 * down). A coin without a live price (MULTI follows its index, USD is face value) keeps the server's
 * value, so with no ticker at all the figures are exactly the server's. `changeCents` is how far the
 * live prices moved the total from the server's valuation.
 */
export function revalueWallet(
  currencies: readonly WalletCurrency[],
  tickers: ReadonlyMap<string, TickerItem>,
): { currencies: WalletCurrency[]; totalUsd: string; changeCents: bigint } {
  const valued = currencies.map((currency) => {
    // MULTI is valued at its index by the server, not at a market price.
    const ticker =
      currency.currency_type === 'CRYPTO' && currency.symbol !== 'MULTI'
        ? tickers.get(currency.symbol)
        : undefined;
    const price = ticker ? parseDecimal(ticker.lastPrice, PRICE_DECIMALS, 'down') : null;
    if (price === null || price <= 0n || !isAssetCode(currency.symbol)) {
      return { currency, valueCents: cents(currency.asset_value) };
    }
    const scale = getAsset(currency.symbol).scale;
    const held =
      (parseDecimal(currency.balance, scale, 'down') ?? 0n) +
      (parseDecimal(currency.locked, scale, 'down') ?? 0n);
    return { currency, valueCents: usdCentsOf(held, scale, price) };
  });
  const totalCents = valued.reduce((sum, row) => sum + row.valueCents, 0n);
  const serverCents = currencies.reduce((sum, currency) => sum + cents(currency.asset_value), 0n);
  return {
    totalUsd: formatMinor(totalCents, USD_CENTS_SCALE),
    changeCents: totalCents - serverCents,
    currencies: valued.map(({ currency, valueCents }) => ({
      ...currency,
      asset_value: formatMinor(valueCents, USD_CENTS_SCALE),
      asset_value_percent: formatMinor(totalCents === 0n ? 0n : (valueCents * 10_000n) / totalCents, 2),
    })),
  };
}

/** A server's USD total moved by the live prices' change (never below zero). */
export function movedTotal(serverUsd: string, changeCents: bigint): string {
  const moved = cents(serverUsd) + changeCents;
  return formatMinor(moved < 0n ? 0n : moved, USD_CENTS_SCALE);
}
