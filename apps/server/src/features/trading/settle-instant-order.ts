import { messages } from '@exchange/contracts';
import { type CryptoCode, instantPostings } from '@exchange/domain';
import { AppError } from '../../platform/errors';
import type { LedgerWrites } from '../ledger/ledger-writes';

/** An instant order priced and checked, ready to settle: its quote's id, price and USD figures. */
export interface PricedInstantOrder {
  readonly userId: string;
  readonly side: 'buy' | 'sell';
  readonly asset: CryptoCode;
  readonly quantity: bigint;
  /** A stored quote row or one priced for a batch: USD figures in cents, as decimal strings. */
  readonly quote: {
    readonly id: string;
    readonly priceUsd: string;
    readonly cost: string;
    readonly fee: string;
    readonly total: string;
  };
}

/**
 * Settles an instant order against the house: one journal entry under `instant:<quote id>` (see
 * `instantPostings`; the quote's id and price in its memo) and the user's BUY or SELL history row.
 * The same for an order run in its own transaction and for one staged in the instant desk's batch.
 * A balance that does not cover it: 422 'Insufficient amount', nothing written.
 */
export async function settleInstantOrder(writes: LedgerWrites, order: PricedInstantOrder): Promise<void> {
  const { userId, side, asset, quantity, quote } = order;
  const amounts = { cost: BigInt(quote.cost), fee: BigInt(quote.fee), total: BigInt(quote.total) };
  const reference = `instant:${quote.id}`;
  const posted = await writes.post({
    kind: side === 'buy' ? 'INSTANT_BUY' : 'INSTANT_SELL',
    reference,
    userId,
    postings: instantPostings(userId, side, asset, quantity, amounts),
    memo: { quote: quote.id, price_usd: quote.priceUsd },
  });
  if (!posted) throw new AppError('insufficient_funds', messages.insufficientAmount);
  await writes.addWalletTransaction({
    reference,
    userId,
    event: {
      kind: side === 'buy' ? 'instant_buy' : 'instant_sell',
      coin: { asset, amount: quantity },
      total: amounts.total,
    },
    status: 'SUCCESS',
    entryReference: reference,
  });
}
