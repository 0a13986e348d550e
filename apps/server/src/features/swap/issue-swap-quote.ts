import { messages, type SwapQuote, swapRuleMessage } from '@exchange/contracts';
import {
  type AssetCode,
  checkSwapAmount,
  decideSwapPriceMove,
  formatMinor,
  getAsset,
  MULTI_RECEIVE_DECIMALS,
  type PricePoint,
  priceSwap,
  SWAP_RATE_DECIMALS,
  type SwapPrices,
  type SwapRuleCode,
  swapQuotePrices,
  userAccount,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { requireFreshPrice } from '../../platform/prices';
import { assertHouseExposure } from '../ledger/house-exposure';
import { loadBalances } from '../ledger/ledger.repository';
import { insertSwapQuote, type SwapQuoteRow } from './swap.repository';

export type SwapKind = 'swap' | 'multi';

export interface SwapInput {
  readonly from: AssetCode;
  readonly to: AssetCode;
  readonly fromAmount: string | null;
}

type QuoteContext = Pick<AppContext, 'prices' | 'clock' | 'config'> & { db: DbOrTx };

/** A swap rule's rejection as the 422 the client shows: 'Insufficient amount' as insufficient_funds. */
function swapRuleError(code: SwapRuleCode, params: Readonly<Record<string, string>> = {}): AppError {
  return new AppError(
    code === 'insufficient_amount' ? 'insufficient_funds' : 'unprocessable',
    swapRuleMessage(code, params),
  );
}

/**
 * Checks a swap request: USD only into USDT, then the domain's rules (checkSwapAmount: equal coins, an amount not
 * greater than 0, more decimals than the coin has, more than the available balance), before any
 * price is read, and returns the amount in minor units. The balance read only orders the messages:
 * the ledger's conditional debit is what keeps a racing swap from overdrawing.
 */
export async function checkSwapRequest(ctx: QuoteContext, userId: string, input: SwapInput): Promise<bigint> {
  // USD enters the coins only as USDT, the quote coin of every order book (issue 45): a USD swap into
  // another coin would be a second, unpriced way of buying it beside the markets.
  if (input.from === 'USD' && input.to !== 'USDT')
    throw new AppError('unprocessable', messages.usdConvertsToUsdtOnly);
  const key = userAccount(userId, input.from);
  const [balance = 0n] = [...(await loadBalances(ctx.db, [key])).values()];
  const checked = checkSwapAmount({ from: input.from, to: input.to, amount: input.fromAmount, balance });
  if (!checked.ok) throw swapRuleError(checked.code, checked.params);
  return checked.value;
}

/**
 * The two reference prices a swap acts on now; a stale or missing one is refused with the screen's
 * rate-unavailable message (503: three dots on /swap, two on the MULTI purchase).
 */
function freshSwapPrices(
  ctx: Pick<AppContext, 'prices' | 'clock' | 'config'>,
  kind: SwapKind,
  from: AssetCode,
  to: AssetCode,
): { from: PricePoint; to: PricePoint } {
  try {
    return { from: requireFreshPrice(ctx, from), to: requireFreshPrice(ctx, to) };
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(
        error.code,
        kind === 'multi' ? messages.rateUnavailableMulticoin : messages.rateUnavailable,
      );
    throw error;
  }
}

/**
 * Refuses (409 price_moved, 'The price moved; please request a new quote') to execute a quote made at
 * the reference prices `quoted` when the rate between its coins has since moved against the house by
 * more than SWAP_PRICE_TOLERANCE_BPS (`decideSwapPriceMove`); a move the other way is the customer's
 * and the quote stands. Read before anything is written, so a refusal changes nothing.
 */
export function assertSwapPriceHolds(
  ctx: Pick<AppContext, 'prices' | 'clock' | 'config'>,
  kind: SwapKind,
  from: AssetCode,
  to: AssetCode,
  quoted: SwapPrices,
): void {
  const now = freshSwapPrices(ctx, kind, from, to);
  const current = { fromUsd: now.from.usd, toUsd: now.to.usd };
  const decided = decideSwapPriceMove(quoted, current, ctx.config.swapPriceToleranceBps);
  if (!decided.ok) throw new AppError(decided.code);
}

/**
 * Issues a firm swap price (valid INSTANT_QUOTE_TTL_SECONDS, usable once) from the two reference
 * prices (a stale or missing one: 503), widened against the user as each ages, the way instant quotes
 * are (`swapQuotePrices`). The quote keeps the reference prices themselves, which the exposure cap and
 * the price-move check at execution are judged at. A swap pays the instant fee on what it receives; a
 * MULTI purchase pays none but is cut to 4 decimals.
 */
export async function issueSwapQuote(
  ctx: QuoteContext,
  userId: string,
  kind: SwapKind,
  input: SwapInput,
): Promise<SwapQuoteRow> {
  const fromAmount = await checkSwapRequest(ctx, userId, input);
  const reference = freshSwapPrices(ctx, kind, input.from, input.to);
  const fromUsd = reference.from.usd;
  const toUsd = reference.to.usd;
  const now = ctx.clock.now();
  // An older price is a wider price: the user gets less of `to` for the same `from` as they age.
  const quoted = swapQuotePrices(reference.from, reference.to, now);
  const priced = priceSwap({
    from: input.from,
    to: input.to,
    fromAmount,
    fromUsd: quoted.fromUsd,
    toUsd: quoted.toUsd,
    feeBps: kind === 'multi' ? 0n : ctx.config.instantFeeBps,
    ...(kind === 'multi' ? { receiveDecimals: MULTI_RECEIVE_DECIMALS } : {}),
  });
  if (!priced.ok) throw swapRuleError(priced.code);
  await assertSwapExposure(ctx, input.from, input.to, fromAmount, priced.value.gross, fromUsd, toUsd);
  const row = await insertSwapQuote(ctx.db, {
    userId,
    kind,
    fromAsset: input.from,
    toAsset: input.to,
    fromAmount: fromAmount.toString(),
    fromUsd: fromUsd.toString(),
    toUsd: toUsd.toString(),
    rate: priced.value.rate.toString(),
    gross: priced.value.gross.toString(),
    fee: priced.value.kept.toString(),
    receive: priced.value.receive.toString(),
    expiresAt: new Date(now.getTime() + ctx.config.instantQuoteTtlSeconds * 1000),
    createdAt: now,
  });
  return row!;
}

export function swapQuoteView(row: SwapQuoteRow): SwapQuote {
  const from = getAsset(row.fromAsset as AssetCode);
  const to = getAsset(row.toAsset as AssetCode);
  return {
    quote_id: row.id,
    from_crypto_currency_code: from.code,
    to_crypto_currency_code: to.code,
    from_amount: formatMinor(BigInt(row.fromAmount), from.scale),
    rate: formatMinor(BigInt(row.rate), SWAP_RATE_DECIMALS),
    fee: formatMinor(BigInt(row.fee), to.scale),
    to_amount: formatMinor(BigInt(row.receive), to.scale),
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * A swap moves the house in two coins: it buys `from` and sells `to`. Either leg that would take the
 * house's position in its coin past HOUSE_MAX_EXPOSURE_USD refuses the swap, as an instant order is
 * refused (a leg that unwinds the position always passes). Checked when the quote is issued and again
 * in the transaction that executes it.
 */
export async function assertSwapExposure(
  ctx: { readonly db: DbOrTx; readonly config: Pick<Config, 'houseMaxExposureCents'> },
  from: AssetCode,
  to: AssetCode,
  fromAmount: bigint,
  gross: bigint,
  fromUsd: bigint,
  toUsd: bigint,
): Promise<void> {
  // USD is what every position is counted in, not a price risk: a conversion from USD has one leg.
  if (from !== 'USD') await assertHouseExposure(ctx, 'sell', from, fromAmount, fromUsd);
  await assertHouseExposure(ctx, 'buy', to, gross, toUsd);
}
