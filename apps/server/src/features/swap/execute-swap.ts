import { messages } from '@exchange/contracts';
import { type AssetCode, claimFailure, decideQuoteUse, swapPostings } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError, quoteUseError } from '../../platform/errors';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import { assertOutflowAllowed } from '../outflow/assert-outflow-allowed';
import {
  assertSwapExposure,
  assertSwapPriceHolds,
  checkSwapRequest,
  issueSwapQuote,
  type SwapInput,
  type SwapKind,
} from './issue-swap-quote';
import { claimSwapQuote, findSwapQuote } from './swap.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Executes a swap (or a MULTI purchase) against the house at a quote, like an instant order: with
 * `quote_id` the quote must be the user's, of the same kind, coins and amount, unexpired and unused,
 * and is claimed atomically (UPDATE ... WHERE used_at IS NULL AND expires_at > now), so it is used at
 * most once. Without one, a fresh quote is issued and used in the same request. One ledger entry moves
 * the coins (see `swapPostings`); its conditional debit refuses an overdraft with 'Insufficient amount'
 * and the quote stays unused. A quote whose rate moved against the house past SWAP_PRICE_TOLERANCE_BPS
 * is refused (409 price_moved) and nothing changes. A CRYPTO_TO_CRYPTO wallet transaction records it
 * for the history.
 */
export async function executeSwap(
  ctx: AppContext,
  userId: string,
  kind: SwapKind,
  input: SwapInput,
  quoteIdInput: string | null | undefined,
): Promise<void> {
  // An open debt from a reversed deposit pauses swaps and MULTI purchases (issue 35).
  await assertOutflowAllowed(ctx, userId, 'swap');
  let quoteId = quoteIdInput ?? null;
  if (quoteId === null) quoteId = (await issueSwapQuote(ctx, userId, kind, input)).id;
  if (!UUID.test(quoteId)) throw quoteUseError('quote_not_found');
  const id = quoteId;

  await ctx.db.transaction(async (tx) => {
    const quote = await findSwapQuote(tx, id);
    const owned = quote?.userId === userId ? quote : undefined;
    const sameRequest =
      owned !== undefined &&
      owned.kind === kind &&
      owned.fromAsset === input.from &&
      owned.toAsset === input.to &&
      (await checkSwapRequest({ ...ctx, db: tx }, userId, input)) === BigInt(owned.fromAmount);
    const now = ctx.clock.now();
    const use = decideQuoteUse(quote && { ownerId: quote.userId, ...quote }, userId, sameRequest, now);
    if (!use.ok) throw quoteUseError(use.code);
    // A quote is not a free option: if the rate moved against the house past the tolerance since it
    // was issued, it is refused before it is claimed, and the user asks for a new one.
    assertSwapPriceHolds(ctx, kind, quote!.fromAsset as AssetCode, quote!.toAsset as AssetCode, {
      fromUsd: BigInt(quote!.fromUsd),
      toUsd: BigInt(quote!.toUsd),
    });
    const claimed = await claimSwapQuote(tx, id, now);
    if (!claimed) throw quoteUseError(claimFailure({ ownerId: userId, ...quote! }, now));
    const from = claimed.fromAsset as AssetCode;
    const to = claimed.toAsset as AssetCode;
    const amounts = {
      gross: BigInt(claimed.gross),
      receive: BigInt(claimed.receive),
      kept: BigInt(claimed.fee),
    };
    const fromAmount = BigInt(claimed.fromAmount);
    // The house's positions may have moved since the quote: the cap is checked again before posting.
    await assertSwapExposure(
      { db: tx, config: ctx.config },
      from,
      to,
      fromAmount,
      amounts.gross,
      BigInt(claimed.fromUsd),
      BigInt(claimed.toUsd),
    );
    const reference = `swap:${claimed.id}`;
    const posted = await postEntry(tx, {
      kind: kind === 'multi' ? 'MULTI_BUY' : 'SWAP',
      reference,
      userId,
      postings: swapPostings(userId, from, to, fromAmount, amounts),
      memo: { quote: claimed.id, from_usd: claimed.fromUsd, to_usd: claimed.toUsd },
    });
    if (!posted.ok) throw new AppError('insufficient_funds', messages.insufficientAmount);
    await upsertWalletTransaction(tx, {
      reference,
      userId,
      event: {
        kind: kind === 'multi' ? 'multi_buy' : 'swap',
        from: { asset: from, amount: fromAmount },
        to: { asset: to, amount: amounts.receive },
      },
      status: 'SUCCESS',
      entryId: posted.value.entryId,
    });
  });
}
