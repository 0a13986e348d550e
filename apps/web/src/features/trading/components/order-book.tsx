import type { DepthLevelView } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonText } from '../../../components/ui/skeleton';
import { formatAmount, formatPrice } from '../../../lib/format';
import { useDepth } from '../api/market-views';

/** How many price levels each side shows beside the form. */
const LEVELS = 8;

function Levels({
  levels,
  tone,
  label,
}: {
  readonly levels: readonly DepthLevelView[];
  readonly tone: 'bid' | 'ask';
  readonly label: string;
}) {
  return (
    <table className="w-full text-sm tabular-nums">
      <caption className="sr-only">{label}</caption>
      <thead className="text-xs text-muted">
        <tr>
          <th scope="col" className="py-1 text-left font-medium">
            Price (USDT)
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Quantity
          </th>
        </tr>
      </thead>
      <tbody>
        {levels.length === 0 ? (
          <tr>
            <td colSpan={2} className="py-2 text-muted">
              No {tone === 'bid' ? 'bids' : 'asks'}
            </td>
          </tr>
        ) : (
          levels.map((level) => (
            <tr key={level.price}>
              <td className={tone === 'bid' ? 'py-0.5 text-success' : 'py-0.5 text-danger'}>
                {formatPrice(level.price)}
              </td>
              <td className="py-0.5 text-right text-ink">{formatAmount(level.quantity, 6)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** The market's resting orders: asks above (lowest nearest), bids below, live from the depth channel. */
export function OrderBook({ marketId }: { readonly marketId: string | null }) {
  const depth = useDepth(marketId);
  let body: ReactNode;
  if (!marketId)
    body = <EmptyState message="No order book" description="This coin trades instantly in USD only." />;
  else if (depth.isError)
    body = <ErrorState title="Could not load the order book" onRetry={() => void depth.refetch()} />;
  else if (!depth.data) body = <SkeletonText lines={6} />;
  else
    body = (
      <div className="flex flex-col gap-3">
        <Levels levels={depth.data.asks.slice(0, LEVELS).reverse()} tone="ask" label={`${marketId} asks`} />
        <Levels levels={depth.data.bids.slice(0, LEVELS)} tone="bid" label={`${marketId} bids`} />
      </div>
    );
  return (
    <section aria-labelledby="order-book-title" className="rounded-lg border border-line bg-surface p-4">
      <h2 id="order-book-title" className="mb-3 text-base font-semibold text-ink">
        Order book{marketId ? ` · ${marketId}` : ''}
      </h2>
      {body}
    </section>
  );
}
