import { PRICE_DECIMALS, parseDecimal } from '@exchange/domain';

/**
 * Providers send prices as JSON numbers (CoinGecko) or decimal strings (Binance). A JSON number is
 * turned back into the digits the provider wrote (JavaScript prints the shortest text that reads back
 * to the same double, which is the provider's text for any price of up to 17 significant digits) and
 * parsed as a decimal from there: no arithmetic ever happens on the float.
 */
export function usdFromJson(raw: unknown): bigint | null {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    text = plainDigits(String(raw));
  } else if (typeof raw === 'string') {
    text = raw.trim();
  } else {
    return null;
  }
  // More than eight decimals are cut off: a reference price is kept to 10^-8 of a dollar.
  const parsed = parseDecimal(text, PRICE_DECIMALS, 'down');
  return parsed !== null && parsed > 0n ? parsed : null;
}

/** '1.5e-7' → '0.00000015', '2e+21' → '2000000000000000000000'; other texts are returned as they are. */
export function plainDigits(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number.parseInt(exponent, 10);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A provider's timestamp (Unix seconds or milliseconds) as a Date no later than `now`; null when the
 * answer carries none, so the feed refuses the tick instead of guessing its age.
 */
export function instantFromJson(raw: unknown, unit: 'seconds' | 'milliseconds', now: Date): Date | null {
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw <= 0) return null;
  const ms = unit === 'seconds' ? raw * 1000 : raw;
  return ms > now.getTime() ? now : new Date(ms);
}
