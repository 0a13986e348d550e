import {
  BINANCE_ERRORS,
  BINANCE_PARAM_RANGES,
  type BinanceErrorName,
  formatMessage,
} from '@exchange/contracts';
import { findMarket, MARKETS, type MarketRules } from '@exchange/domain';
import type { z } from 'zod';
import { BinanceApiError } from '../api-keys/binance-error';

/** A Binance error from the catalogue, its {placeholders} filled. */
export function binanceError(
  httpStatus: number,
  name: BinanceErrorName,
  params: Record<string, string> = {},
): BinanceApiError {
  const known = BINANCE_ERRORS[name];
  return new BinanceApiError(httpStatus, known.code, formatMessage(known.msg, params));
}

/** Binance's own errors for an enum parameter with a value it does not know. */
const ENUM_ERRORS: Readonly<Record<string, BinanceErrorName>> = {
  side: 'invalidSide',
  type: 'invalidOrderType',
  timeInForce: 'invalidTimeInForce',
  interval: 'invalidInterval',
  // An OCO's legs (issue 48).
  aboveType: 'invalidOrderType',
  belowType: 'invalidOrderType',
  aboveTimeInForce: 'invalidTimeInForce',
  belowTimeInForce: 'invalidTimeInForce',
  stopLimitTimeInForce: 'invalidTimeInForce',
};

/**
 * Reads a request's parameters with a contract schema, answering bad input as Binance does: a missing
 * parameter -1102, an unknown side, type, time in force or interval its own code, anything else
 * malformed -1100 with the legal range. Empty values count as missing, as Binance counts them.
 */
export function parseParams<S extends z.ZodType>(
  schema: S,
  params: Record<string, string | undefined>,
): z.output<S> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') present[name] = value;
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? 'unknown');
  if (present[name] === undefined) throw binanceError(400, 'mandatoryMissing', { name });
  const enumError = ENUM_ERRORS[name];
  if (enumError) throw binanceError(400, enumError);
  throw binanceError(400, 'illegalChars', {
    name,
    range: BINANCE_PARAM_RANGES[name] ?? 'see the API reference',
  });
}

/** The Binance symbol of a market: BTC-USDT is BTCUSDT. */
export function symbolOf(rules: { readonly base: string; readonly quote: string }): string {
  return `${rules.base}${rules.quote}`;
}

const BY_SYMBOL = new Map(MARKETS.map((rules) => [symbolOf(rules), rules]));

/** The market a Binance symbol names, or -1121 'Invalid symbol.' */
export function marketOfSymbol(symbol: string): MarketRules {
  const rules = BY_SYMBOL.get(symbol);
  if (!rules || !findMarket(rules.id)) throw binanceError(400, 'invalidSymbol');
  return rules;
}

/** The markets an API answer covers: the one named, each of a list, or all. */
export function marketsOf(query: { symbol?: string; symbols?: string[] }): MarketRules[] {
  if (query.symbol) return [marketOfSymbol(query.symbol)];
  if (query.symbols) return query.symbols.map(marketOfSymbol);
  return MARKETS.filter((rules) => !rules.closed);
}
