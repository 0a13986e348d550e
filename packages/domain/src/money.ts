/**
 * Money inside the product is a `bigint` count of minor units of one asset, where an asset's
 * `scale` says how many decimal places one whole unit has (USD 2, BTC 8, ...). Decimal strings are
 * the only other form money takes, and only at the edges (wire, database, screen).
 *
 * Nothing here uses a JS `number` for an amount: parsing and formatting work on the digits.
 */
export type Minor = bigint;

export type Rounding = 'down' | 'up';

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal string into minor units at `scale`.
 * Returns null for anything that is not a plain decimal, or that has more fractional digits than
 * `scale` allows when `rounding` is 'exact'. With 'down' or 'up', extra digits are rounded that way.
 */
export function parseDecimal(
  text: string,
  scale: number,
  rounding: Rounding | 'exact' = 'exact',
): Minor | null {
  const match = decimalPattern.exec(text.trim());
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  const dropped = fraction.slice(scale);
  let value = BigInt(whole + kept);
  if (/[1-9]/.test(dropped)) {
    if (rounding === 'exact') return null;
    // Rounding direction is about magnitude on the positive side; negatives mirror it.
    if (rounding === 'up' && !minus) value += 1n;
    if (rounding === 'down' && minus) value += 1n;
  }
  return minus ? -value : value;
}

/** Formats minor units as a decimal string with exactly `scale` fractional digits. */
export function formatMinor(value: Minor, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Formats minor units with at most `maxFraction` fractional digits, truncating towards zero. */
export function formatMinorTrimmed(value: Minor, scale: number, maxFraction = scale): string {
  const full = formatMinor(value, scale);
  if (scale === 0) return full;
  const [whole, fraction = ''] = full.split('.');
  const cut = fraction.slice(0, maxFraction).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : (whole ?? '0');
}

/** Integer division of a non-negative numerator by a positive divisor with a named rounding. */
export function divide(numerator: bigint, divisor: bigint, rounding: Rounding): bigint {
  if (divisor <= 0n) throw new RangeError('divisor must be positive');
  if (numerator < 0n) throw new RangeError('numerator must not be negative');
  const quotient = numerator / divisor;
  if (rounding === 'up' && quotient * divisor !== numerator) return quotient + 1n;
  return quotient;
}

/** The powers every scale and price in the product uses, computed once (a wallet answer needs dozens). */
const POWERS_OF_TEN: readonly bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

/** 10 to the power `exponent`, as a bigint. */
export function pow10(exponent: number): bigint {
  if (exponent < 0) throw new RangeError('exponent must not be negative');
  return POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent);
}

/** Re-expresses an amount from one scale to another, rounding when precision is lost. */
export function rescale(value: Minor, fromScale: number, toScale: number, rounding: Rounding): Minor {
  if (toScale >= fromScale) return value * pow10(toScale - fromScale);
  const negative = value < 0n;
  const magnitude = divide(negative ? -value : value, pow10(fromScale - toScale), rounding);
  return negative ? -magnitude : magnitude;
}

/** A fee in basis points of an amount, rounded up so the house never undercharges. */
export function feeOf(amount: Minor, feeBps: bigint): Minor {
  return divide(amount * feeBps, 10_000n, 'up');
}
