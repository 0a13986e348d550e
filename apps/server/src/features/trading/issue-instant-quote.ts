import { randomUUID } from 'node:crypto';
import { type InstantQuote, messages } from '@exchange/contracts';
import {
  type CryptoCode,
  formatMinor,
  getAsset,
  instantAmounts,
  PRICE_DECIMALS,
  priceAgeSpreadBps,
  validateInstantQuantity,
  widenPrice,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { requireFreshPrice } from '../../platform/prices';
import { assertHouseExposure } from '../ledger/house-exposure';
import { insertInstantQuote, type NewQuote, type QuoteRow } from './instant-quotes.repository';
import { orderRuleError } from './order-rules-messages';

export interface QuoteRequest {
  readonly side: 'buy' | 'sell';
  readonly crypto_currency_code: CryptoCode;
  readonly quantity?: string | null;
}

/**
 * Parses an instant quantity at the coin's ledger scale with the rules the order form applies
 * (validateInstantQuantity: empty, not a number, the coin's market min/max quantity and precision, in
 * the spec's order), so an API client that skips the form meets the same rules and messages.
 */
export function parseInstantQuantity(asset: CryptoCode, text: string | null | undefined): bigint {
  const valid = validateInstantQuantity(asset, text);
  if (!valid.ok) throw orderRuleError(valid.code, valid.params);
  return valid.value;
}

/**
 * Issues a firm instant price from the price feed (a stale or missing price: 503), widened against the
 * user as the price ages (`priceAgeSpreadBps`), stored for INSTANT_QUOTE_TTL_SECONDS and usable once.
 * A trade that would take the house past HOUSE_MAX_EXPOSURE_USD in the coin is refused (422). A
 * quantity too small to cost a cent, or whose fee would take everything, is refused as not a valid
 * quantity. `usedNow` stores it already used, for a caller that executes it in the same transaction.
 */
export async function issueInstantQuote(
  ctx: Pick<AppContext, 'prices' | 'clock' | 'config'> & { db: DbOrTx },
  userId: string,
  request: QuoteRequest,
  options: { usedNow?: boolean } = {},
): Promise<QuoteRow> {
  const priced = priceInstantQuote(ctx, userId, request);
  await assertHouseExposure(ctx, request.side, priced.asset, priced.quantity, priced.referenceUsd);
  // Issued to be used at once by the caller's transaction (an order without a quote).
  return insertInstantQuote(ctx.db, {
    ...priced.values,
    usedAt: options.usedNow ? priced.values.createdAt : null,
  });
}

/**
 * A quote's figures before it is stored: the price widened for its age, cost, fee and total, and the
 * reference price the house exposure cap is judged at. Refuses what `issueInstantQuote` refuses,
 * except the exposure cap, which the caller checks against the house position it knows.
 */
export function priceInstantQuote(
  ctx: Pick<AppContext, 'prices' | 'clock' | 'config'>,
  userId: string,
  request: QuoteRequest,
): {
  asset: CryptoCode;
  quantity: bigint;
  referenceUsd: bigint;
  values: NewQuote & { id: string; createdAt: Date };
} {
  const asset = request.crypto_currency_code;
  const quantity = parseInstantQuantity(asset, request.quantity);
  const price = requireFreshPrice(ctx, asset);
  const now = ctx.clock.now();
  // An older price is a wider price: the buyer pays more and the seller gets less as it ages.
  const quotedUsd = widenPrice(
    price.usd,
    request.side,
    priceAgeSpreadBps(now.getTime() - price.at.getTime()),
  );
  const amounts = instantAmounts(request.side, asset, quantity, quotedUsd, ctx.config.instantFeeBps);
  if (amounts.cost <= 0n || amounts.total <= 0n)
    throw new AppError('unprocessable', messages.invalidQuantity);
  return {
    asset,
    quantity,
    referenceUsd: price.usd,
    values: {
      id: randomUUID(),
      userId,
      side: request.side,
      asset,
      quantity: quantity.toString(),
      priceUsd: quotedUsd.toString(),
      cost: amounts.cost.toString(),
      fee: amounts.fee.toString(),
      total: amounts.total.toString(),
      expiresAt: new Date(now.getTime() + ctx.config.instantQuoteTtlSeconds * 1000),
      createdAt: now,
    },
  };
}

export function quoteView(row: QuoteRow): InstantQuote {
  const asset = row.asset as CryptoCode;
  return {
    quote_id: row.id,
    side: row.side,
    crypto_currency_code: asset,
    quantity: formatMinor(BigInt(row.quantity), getAsset(asset).scale),
    price: formatMinor(BigInt(row.priceUsd), PRICE_DECIMALS),
    cost: formatMinor(BigInt(row.cost), 2),
    fee: formatMinor(BigInt(row.fee), 2),
    total: formatMinor(BigInt(row.total), 2),
    expires_at: row.expiresAt.toISOString(),
  };
}
