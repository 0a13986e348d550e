import type { Quote } from '@exchange/contracts';
import {
  type AssetCode,
  convertByPrices,
  formatMinor,
  formatMinorTrimmed,
  getAsset,
  parseDecimal,
  rateBetween,
} from '@exchange/domain';
import { AppError } from '../../platform/errors';
import { type FreshPriceContext, requireFreshPrice } from '../../platform/prices';

/** Decimals of the rate shown beside a conversion (the result itself is computed exactly). */
const RATE_DECIMALS = 12;

/**
 * Converts an amount of one asset into another (USD included) at the current reference prices: the
 * landing page's exchange calculator. The result is computed in one exact division and rounded down,
 * at the target asset's precision. Checked in this order: the amount fits the source asset's
 * precision (400), then both prices are fresh (503 with the rate-unavailable message).
 */
export function quoteConversion(
  ctx: FreshPriceContext,
  input: { from: AssetCode; to: AssetCode; amount: string },
): Quote {
  const from = getAsset(input.from);
  const to = getAsset(input.to);
  const amount = parseDecimal(input.amount, from.scale, 'exact');
  if (amount === null) {
    throw new AppError('bad_request', `Amount of ${from.code} can have at most ${from.scale} decimal places`);
  }
  const fromPrice = requireFreshPrice(ctx, from.code);
  const toPrice = requireFreshPrice(ctx, to.code);
  const result = convertByPrices(
    amount,
    { scale: from.scale, usd: fromPrice.usd },
    { scale: to.scale, usd: toPrice.usd },
    'down',
  );
  const at = fromPrice.at < toPrice.at ? fromPrice.at : toPrice.at;
  return {
    from: from.code,
    to: to.code,
    amount: formatMinor(amount, from.scale),
    rate: formatMinorTrimmed(rateBetween(fromPrice.usd, toPrice.usd, RATE_DECIMALS, 'down'), RATE_DECIMALS),
    result: formatMinor(result, to.scale),
    at: at.toISOString(),
  };
}
