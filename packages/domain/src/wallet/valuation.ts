import { ASSETS, type AssetCode } from '../assets';
import { divide, type Minor, pow10 } from '../money';
import { PRICE_DECIMALS } from '../prices';

/** Minor units of USD (cents) per dollar; valuations are shown to 2 decimals. */
export const USD_CENTS_SCALE = 2;

/**
 * The USD value, in cents, of `amount` minor units of an asset of `scale`, at `priceUsd` (USD per whole
 * unit, scaled by 10^PRICE_DECIMALS). Rounded down: a shown value never overstates what is held.
 */
export function usdCentsOf(amount: Minor, scale: number, priceUsd: bigint): Minor {
  if (amount <= 0n || priceUsd <= 0n) return 0n;
  return divide(amount * priceUsd * pow10(USD_CENTS_SCALE), pow10(scale + PRICE_DECIMALS), 'down');
}

/** One whole dollar in the price scale: USD is priced at exactly 1. */
export const ONE_USD_PRICE = pow10(PRICE_DECIMALS);

export interface WalletHolding {
  readonly asset: AssetCode;
  readonly available: Minor;
  readonly locked: Minor;
}

export interface ValuedWalletHolding extends WalletHolding {
  /** Value of available plus locked, in USD cents. */
  readonly valueCents: Minor;
  /** Share of the total value in hundredths of a percent (1234 = 12.34%), rounded down. */
  readonly percentHundredths: bigint;
}

export interface WalletValuation {
  readonly holdings: readonly ValuedWalletHolding[];
  readonly totalCents: Minor;
}

/** The assets in display order, sorted once. */
const DISPLAY_ORDER = [...ASSETS].sort((a, b) => a.sortOrder - b.sortOrder);

/**
 * Values every asset of the product (all of them, in display order, zero where nothing is held).
 * `priceOf` answers a usable price or undefined; an asset without one is valued at 0 rather than
 * failing the whole wallet, so a stale feed never hides balances. USD is always worth its face value.
 */
export function valueWallet(
  holdings: readonly WalletHolding[],
  priceOf: (asset: AssetCode) => bigint | undefined,
): WalletValuation {
  const byAsset = new Map(holdings.map((h) => [h.asset, h]));
  const valued = DISPLAY_ORDER.map((asset) => {
    const h = byAsset.get(asset.code) ?? { asset: asset.code, available: 0n, locked: 0n };
    const price = asset.code === 'USD' ? ONE_USD_PRICE : priceOf(asset.code);
    const valueCents = price === undefined ? 0n : usdCentsOf(h.available + h.locked, asset.scale, price);
    return { ...h, valueCents };
  });
  const totalCents = valued.reduce((sum, h) => sum + h.valueCents, 0n);
  return {
    totalCents,
    holdings: valued.map((h) => ({
      ...h,
      percentHundredths: totalCents === 0n ? 0n : divide(h.valueCents * 10_000n, totalCents, 'down'),
    })),
  };
}
