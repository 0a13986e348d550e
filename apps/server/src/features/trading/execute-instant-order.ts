import { messages, type PlaceOrderRequest } from '@exchange/contracts';
import { type CryptoCode, claimFailure, decideQuoteUse } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError, quoteUseError } from '../../platform/errors';
import { assertHouseExposure } from '../ledger/house-exposure';
import { transactionWrites } from '../ledger/ledger-writes';
import { claimInstantQuote, findInstantQuote, type QuoteRow } from './instant-quotes.repository';
import { issueInstantQuote, parseInstantQuantity } from './issue-instant-quote';
import { settleInstantOrder } from './settle-instant-order';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Executes an instant (USD) order against the house at a quote. With `quote_id`, that quote must be
 * the user's, match side, coin and quantity, be unexpired and unused; it is marked used atomically
 * (UPDATE ... WHERE used_at IS NULL AND expires_at > now RETURNING), so a replay or a race uses it at
 * most once. Without `quote_id` (the spec's client sends none) a fresh quote is issued and used in the
 * same transaction, at the current price (stored already used, as the record of the price paid). Then
 * `settleInstantOrder` posts its entry and history row, as the instant desk's batches do; insufficient
 * balance: 422 'Insufficient amount' and the quote stays unused.
 */
export async function executeInstantOrder(
  ctx: AppContext,
  userId: string,
  request: PlaceOrderRequest,
): Promise<void> {
  if (request.fiat_currency_code !== 'USD') throw new AppError('unprocessable', messages.instantNotAvailable);
  const asset = request.crypto_currency_code as CryptoCode;
  const quantity = parseInstantQuantity(asset, request.quantity);
  const quoteId = request.quote_id ?? null;
  if (quoteId !== null && !UUID.test(quoteId)) throw quoteUseError('quote_not_found');

  await ctx.db.transaction(async (tx) => {
    let claimed: QuoteRow;
    if (quoteId === null) {
      // Issued and used in this one transaction (one commit, not two); its exposure check just ran
      // inside it, so it is not repeated.
      claimed = await issueInstantQuote(
        { ...ctx, db: tx },
        userId,
        { side: request.side, crypto_currency_code: asset, quantity: request.quantity },
        { usedNow: true },
      );
    } else {
      const quote = await findInstantQuote(tx, quoteId);
      const now = ctx.clock.now();
      const matches =
        quote?.side === request.side && quote.asset === asset && BigInt(quote.quantity) === quantity;
      const use = decideQuoteUse(quote && { ownerId: quote.userId, ...quote }, userId, matches, now);
      if (!use.ok) throw quoteUseError(use.code);
      const found = await claimInstantQuote(tx, quoteId, now);
      if (!found) throw quoteUseError(claimFailure({ ownerId: userId, ...quote! }, now));
      claimed = found;
      // The house's position may have moved since the quote: the cap is checked again before posting.
      await assertHouseExposure(
        { db: tx, config: ctx.config },
        request.side,
        asset,
        quantity,
        BigInt(claimed.priceUsd),
      );
    }
    await settleInstantOrder(transactionWrites(tx), {
      userId,
      side: request.side,
      asset,
      quantity,
      quote: claimed,
    });
  });
}
