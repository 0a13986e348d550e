import type { DepthLevelView } from '@exchange/contracts';
import { addDec, compareDec, type Dec, toDec } from '@exchange/domain';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonText } from '../../../components/ui/skeleton';
import { formatAmount, formatAssetPrice } from '../../../lib/format';
import { useDepth } from '../../market/api/market-views';

/** How many price levels each side shows beside the form. */
const LEVELS = 8;

export interface BookRow {
  readonly price: string;
  readonly quantity: string;
  /** Quantity from the best level down to this one. */
  readonly cumulative: string;
  /** The bar's width: this row's cumulative quantity as a share of the deeper side's total, 0–100. */
  readonly depthPercent: number;
}

const ZERO: Dec = { value: 0n, scale: 0 };
const decText = (d: Dec) => {
  const digits = d.value.toString().padStart(d.scale + 1, '0');
  return d.scale === 0 ? digits : `${digits.slice(0, -d.scale)}.${digits.slice(-d.scale)}`;
};
/** Share of `part` in `whole` in whole percent; exact integers, only the bar width is rounded. */
function percentOf(part: Dec, whole: Dec): number {
  if (whole.value === 0n) return 0;
  const scale = Math.max(part.scale, whole.scale);
  const p = part.value * 10n ** BigInt(scale - part.scale);
  const w = whole.value * 10n ** BigInt(scale - whole.scale);
  return Number((p * 100n) / w);
}

function cumulate(levels: readonly DepthLevelView[]): { rows: Dec[]; total: Dec } {
  let running = ZERO;
  const rows = levels.map((level) => {
    running = addDec(running, toDec(level.quantity) ?? ZERO);
    return running;
  });
  return { rows, total: running };
}

/**
 * Both sides of the book, best first, with each level's cumulative quantity and its depth bar scaled
 * to the deeper side, so the two sides' bars compare.
 */
export function bookRows(
  bids: readonly DepthLevelView[],
  asks: readonly DepthLevelView[],
): { bids: BookRow[]; asks: BookRow[] } {
  const b = cumulate(bids);
  const a = cumulate(asks);
  const deepest = compareDec(b.total, a.total) > 0 ? b.total : a.total;
  const view = (levels: readonly DepthLevelView[], sums: Dec[]) =>
    levels.map((level, i) => {
      const sum = sums[i] ?? ZERO;
      return { ...level, cumulative: decText(sum), depthPercent: percentOf(sum, deepest) };
    });
  return { bids: view(bids, b.rows), asks: view(asks, a.rows) };
}

/** The spread between the best ask and the best bid, as text at the prices' own scale. */
export function spreadOf(bestBid: string | undefined, bestAsk: string | undefined): string | null {
  const bid = toDec(bestBid);
  const ask = toDec(bestAsk);
  if (!bid || !ask) return null;
  const negated: Dec = { value: -bid.value, scale: bid.scale };
  const spread = addDec(ask, negated);
  return spread.value < 0n ? null : decText(spread);
}

function Level({
  row,
  tone,
  base,
  onPick,
}: {
  readonly row: BookRow;
  readonly tone: 'bid' | 'ask';
  readonly base: string;
  readonly onPick?: ((price: string) => void) | undefined;
}) {
  const shown = formatAssetPrice(row.price, base);
  return (
    <tr className="relative">
      <td className="p-0" colSpan={3}>
        <button
          type="button"
          onClick={() => onPick?.(row.price)}
          data-price={row.price}
          className="relative grid w-full grid-cols-3 gap-2 rounded-sm px-1 py-0.5 text-left hover:bg-raised focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
        >
          <span
            aria-hidden="true"
            className={`absolute inset-y-0 right-0 ${tone === 'bid' ? 'bg-success/15' : 'bg-danger/15'}`}
            style={{ width: `${row.depthPercent}%` }}
          />
          <span className="sr-only">{tone === 'bid' ? 'Bid ' : 'Ask '}</span>
          <span className={`relative ${tone === 'bid' ? 'text-success' : 'text-danger'}`}>{shown}</span>
          <span className="relative text-right text-ink">{formatAmount(row.quantity, 6)}</span>
          <span className="relative text-right text-muted">{formatAmount(row.cumulative, 6)}</span>
          <span className="sr-only">: use as limit price</span>
        </button>
      </td>
    </tr>
  );
}

/**
 * The market's resting orders: asks above (lowest nearest the spread), bids below, each level with
 * its cumulative depth bar, live from the depth channel. Clicking a level hands its price to the form.
 */
export function OrderBook({
  marketId,
  base,
  onPickPrice,
}: {
  readonly marketId: string | null;
  readonly base: string;
  readonly onPickPrice?: (price: string) => void;
}) {
  const depth = useDepth(marketId);
  let body: ReactNode;
  if (!marketId)
    body = <EmptyState message="No order book" description="This coin trades instantly in USD only." />;
  else if (depth.isError)
    body = <ErrorState title="Could not load the order book" onRetry={() => void depth.refetch()} />;
  else if (!depth.data) body = <SkeletonText lines={6} />;
  else {
    const { bids, asks } = bookRows(depth.data.bids.slice(0, LEVELS), depth.data.asks.slice(0, LEVELS));
    const spread = spreadOf(depth.data.bids[0]?.price, depth.data.asks[0]?.price);
    body = (
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">{`${marketId} order book`}</caption>
        <thead className="text-xs text-muted">
          <tr className="grid grid-cols-3 gap-2 px-1">
            <th scope="col" className="py-1 text-left font-medium">
              Price (USDT)
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Quantity ({base})
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {asks.length === 0 ? (
            <tr>
              <td colSpan={3} className="py-2 text-muted">
                No asks
              </td>
            </tr>
          ) : (
            [...asks]
              .reverse()
              .map((row) => (
                <Level key={`a${row.price}`} row={row} tone="ask" base={base} onPick={onPickPrice} />
              ))
          )}
          <tr>
            <td colSpan={3} className="border-y border-line px-1 py-1 text-xs text-muted">
              Spread{' '}
              <span className="text-ink" data-testid="book-spread">
                {spread === null ? '-' : `${formatAssetPrice(spread, base)} USDT`}
              </span>
            </td>
          </tr>
          {bids.length === 0 ? (
            <tr>
              <td colSpan={3} className="py-2 text-muted">
                No bids
              </td>
            </tr>
          ) : (
            bids.map((row) => (
              <Level key={`b${row.price}`} row={row} tone="bid" base={base} onPick={onPickPrice} />
            ))
          )}
        </tbody>
      </table>
    );
  }
  return (
    <section aria-labelledby="order-book-title" className="rounded-lg border border-line bg-surface p-4">
      <h2 id="order-book-title" className="mb-3 text-base font-semibold text-ink">
        Order book{marketId ? ` · ${marketId}` : ''}
      </h2>
      {body}
    </section>
  );
}
