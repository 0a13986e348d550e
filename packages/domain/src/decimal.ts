import { formatMinor, parseDecimal, rescale } from './money';

/**
 * Exact decimal arithmetic on text as typed or sent: a decimal string becomes an integer and its
 * scale, so limits, costs and balances of any precision compare on their digits, never through
 * floating point. The market rules, the order form and the server all use these.
 */
export interface Dec {
  readonly value: bigint;
  readonly scale: number;
}

/** Decimal places a plain decimal string needs, ignoring trailing zeros; null if it is not one. */
export function decimalPlaces(text: string): number | null {
  const match = /^-?\d+(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  return (match[1] ?? '').replace(/0+$/, '').length;
}

/** A plain, non-negative decimal ('0.5', '12', '3.25'); null for anything else. */
export function toDec(text: string | null | undefined): Dec | null {
  if (text == null) return null;
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return null;
  const scale = decimalPlaces(trimmed);
  if (scale === null) return null;
  const value = parseDecimal(trimmed, scale, 'exact');
  return value === null ? null : { value, scale };
}

/** A plain decimal that may be negative ('-1', '0.5'); null for anything else. */
export function toSignedDec(text: string | null | undefined): Dec | null {
  if (text == null) return null;
  const trimmed = text.trim();
  const scale = decimalPlaces(trimmed);
  if (scale === null) return null;
  const value = parseDecimal(trimmed, scale, 'exact');
  return value === null ? null : { value, scale };
}

function aligned(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.value * 10n ** BigInt(scale - a.scale), b.value * 10n ** BigInt(scale - b.scale), scale];
}

export function compareDec(a: Dec, b: Dec): number {
  const [left, right] = aligned(a, b);
  return left < right ? -1 : left > right ? 1 : 0;
}

export function multiplyDec(a: Dec, b: Dec): Dec {
  return { value: a.value * b.value, scale: a.scale + b.scale };
}

export function addDec(a: Dec, b: Dec): Dec {
  const [left, right, scale] = aligned(a, b);
  return { value: left + right, scale };
}

/** `feeBps` basis points of `amount`, rounded up at `amount`'s scale so a fee is never understated. */
export function feeOfDec(amount: Dec, feeBps: bigint): Dec {
  const scaled = amount.value * feeBps;
  const fee = scaled / 10_000n + (scaled % 10_000n === 0n ? 0n : 1n);
  return { value: fee, scale: amount.scale };
}

export function isZeroDec(a: Dec): boolean {
  return a.value === 0n;
}

/** A decimal as text with exactly `decimals` places; `rounding` says which way cut digits go. */
export function formatDec(a: Dec, decimals: number, rounding: 'up' | 'down' = 'down'): string {
  return formatMinor(rescale(a.value, a.scale, decimals, rounding), decimals);
}

/** A fee rate in percent ('0.2') as basis points (20n); null when it is not a plain decimal. */
export function percentToBps(rate: string): bigint | null {
  return parseDecimal(rate, 2, 'down');
}
