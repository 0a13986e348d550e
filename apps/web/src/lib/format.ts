import { decimalPlaces, formatMinor, getAsset, isAssetCode, MARKETS, parseDecimal } from '@exchange/domain';

/**
 * Display formatting for spec section 9: amounts to 4 decimals, dollar values to 2, percents to 2,
 * medium date-times. Inputs are decimal strings from the API; digits are cut, never run through
 * floating point. Display truncates towards zero, so a balance is never shown larger than it is.
 */

const MISSING = '-';

export interface DecimalFormatOptions {
  /** Thousands separators (1,234.5678); on by default. */
  readonly grouping?: boolean;
  /** Show a '+' before positive values, for changes. */
  readonly signed?: boolean;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

interface Parts {
  readonly negative: boolean;
  readonly digits: string;
}

function toParts(value: string | null | undefined, decimals: number, grouping: boolean): Parts | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  const negative = text.startsWith('-');
  const magnitude = parseDecimal(negative ? text.slice(1) : text.replace(/^\+/, ''), decimals, 'down');
  if (magnitude === null) return null;
  const fixed = formatMinor(magnitude, decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const shownWhole = grouping ? groupThousands(whole) : whole;
  const isZero = magnitude === 0n;
  return {
    negative: negative && !isZero,
    digits: fraction === undefined ? shownWhole : `${shownWhole}.${fraction}`,
  };
}

function signOf(parts: Parts, signed: boolean): string {
  if (parts.negative) return '-';
  return signed && !/^[0.,]+$/.test(parts.digits) ? '+' : '';
}

/** A decimal string with exactly `decimals` fractional digits, e.g. '1234.5' → '1,234.5000'. */
export function formatDecimal(
  value: string | null | undefined,
  decimals: number,
  options: DecimalFormatOptions = {},
): string {
  const parts = toParts(value, decimals, options.grouping ?? true);
  if (!parts) return MISSING;
  return `${signOf(parts, options.signed ?? false)}${parts.digits}`;
}

/** Coin and token amounts: 4 decimals (6 in the stake modal, via `decimals`). */
export function formatAmount(value: string | null | undefined, decimals = 4): string {
  return formatDecimal(value, decimals);
}

/**
 * A coin amount to the coin's own scale (8 decimals, 6 for XRP and ADA): every digit the user may
 * type, as the 'Available' hints beside amount fields need. Other codes get 8.
 */
export function formatAssetAmount(value: string | null | undefined, code: string): string {
  return formatDecimal(value, isAssetCode(code) ? getAsset(code).scale : 8);
}

/**
 * An amount of `code` in a list: the spec's `decimals` (4), but a non-zero amount is never shown as
 * zero: it takes as many more digits as its first non-zero one needs, up to the asset's own scale
 * (0.00001 BTC is '0.00001', not '0.0000'). Codes the product does not know get up to 8.
 */
export function formatAssetListAmount(value: string | null | undefined, code: string, decimals = 4): string {
  const scale = isAssetCode(code) ? getAsset(code).scale : 8;
  const leadingZeros = /^[-+]?0*\.(0*)[1-9]/.exec(value?.trim() ?? '')?.[1]?.length;
  const needed = Math.max(decimals, Math.min(scale, (leadingZeros ?? 0) + 1));
  return formatDecimal(value, needed);
}

/** A price in the quote currency; the admin top list uses 3 decimals. */
export function formatPrice(value: string | null | undefined, decimals = 4): string {
  return formatDecimal(value, decimals);
}

/** Decimals of a market price: the market's tick ('0.01' → 2); 4 for a coin without a market. */
export function priceDecimals(base: string): number {
  const market = MARKETS.find((rules) => rules.base === base);
  return (market && decimalPlaces(market.priceIncrement)) ?? 4;
}

/**
 * The one price formatter of an asset: a USDT book price to the market's tick, so the header, the
 * book, the trades and the orders never disagree on the last digit.
 */
export function formatAssetPrice(value: string | null | undefined, base: string): string {
  return formatDecimal(value, priceDecimals(base));
}

/**
 * How many decimals a coin amount needs to show `significant` significant digits (at least `min`, at
 * most 8): 1 USD of BTC is '0.0000105', not '0.0000'.
 */
export function formatSignificant(value: string | null | undefined, significant = 4, min = 4): string {
  const leadingZeros = /^-?0\.(0*)[1-9]/.exec(value?.trim() ?? '')?.[1]?.length;
  const decimals = leadingZeros === undefined ? min : Math.min(8, Math.max(min, leadingZeros + significant));
  return formatDecimal(value, decimals);
}

/** Dollar values: '$1,234.56', '-$3.10'. */
export function formatUsd(value: string | null | undefined, decimals = 2): string {
  const parts = toParts(value, decimals, true);
  if (!parts) return MISSING;
  return `${parts.negative ? '-' : ''}$${parts.digits}`;
}

/** A percent value already in percent units: '2.5' → '2.50%'; `signed` gives '+2.50%'. */
export function formatPercent(
  value: string | null | undefined,
  decimals = 2,
  options: DecimalFormatOptions = {},
): string {
  const text = formatDecimal(value, decimals, { grouping: false, ...options });
  return text === MISSING ? MISSING : `${text}%`;
}

/** Direction of a change, for the spec's 'red if negative, green otherwise'. */
export function isNegative(value: string | null | undefined): boolean {
  const parts = toParts(value ?? null, 8, false);
  return parts?.negative ?? false;
}

// Made at the first date shown, not when this module loads: a browser's first date format loads its
// locale data, a task of its own on a phone, and pages that show no date (the landing page) need none.
let dateTimeFormat: Intl.DateTimeFormat | null = null;

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The spec's medium date-time, e.g. 'Jan 5, 2024, 3:04:05 PM', in the viewer's time zone. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return MISSING;
  dateTimeFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
  return dateTimeFormat.format(date);
}
