import { maxQuantity, QUANTITY_SHARES } from '../model/max-quantity';

/**
 * 25 / 50 / 75 / Max under the quantity: a share of the available balance, as a quantity the
 * balance covers (fee included for a buy). A buy without a price yet has nothing to compute, so the
 * buttons wait for one.
 */
export function QuantityShares({
  side,
  balance,
  price,
  feeBps,
  decimals,
  onPick,
}: {
  readonly side: 'buy' | 'sell';
  readonly balance: string | undefined;
  readonly price: string | null;
  readonly feeBps: bigint;
  readonly decimals: number;
  readonly onPick: (quantity: string) => void;
}) {
  return (
    <fieldset className="-mt-2 flex gap-2">
      <legend className="sr-only">Share of the available balance</legend>
      {QUANTITY_SHARES.map((percent) => {
        const quantity = maxQuantity({ side, balance, price, feeBps, percent, decimals });
        return (
          <button
            key={percent}
            type="button"
            disabled={quantity === null}
            onClick={() => quantity !== null && onPick(quantity)}
            className="flex-1 rounded-md border border-line px-2 py-1 text-xs text-muted hover:border-accent hover:text-ink disabled:cursor-not-allowed disabled:opacity-50"
          >
            {percent === 100 ? 'Max' : `${percent}%`}
          </button>
        );
      })}
    </fieldset>
  );
}
