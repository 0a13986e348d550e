import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonText } from '../../../components/ui/skeleton';
import { formatAmount, formatAssetPrice } from '../../../lib/format';
import { useTrades } from '../../market/api/market-views';

const SHOWN = 12;
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/** The market's last trades, newest first, coloured by the taker's side; live from 'trades:<market>'. */
export function RecentTrades({
  marketId,
  base,
}: {
  readonly marketId: string | null;
  readonly base: string;
}) {
  const trades = useTrades(marketId);
  let body: ReactNode;
  if (!marketId) body = <EmptyState message="No trades" description="This coin has no limit-order market." />;
  else if (trades.isError)
    body = <ErrorState title="Could not load trades" onRetry={() => void trades.refetch()} />;
  else if (!trades.data) body = <SkeletonText lines={6} />;
  else if (trades.data.length === 0) body = <EmptyState message="No trades yet" />;
  else
    body = (
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">{`${marketId} recent trades`}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="py-1 text-left font-medium">
              Price (USDT)
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Quantity
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {trades.data.slice(0, SHOWN).map((trade) => (
            <tr key={trade.id}>
              <td className={trade.side === 'buy' ? 'py-0.5 text-success' : 'py-0.5 text-danger'}>
                {formatAssetPrice(trade.price, base)}
              </td>
              <td className="py-0.5 text-right text-ink">{formatAmount(trade.quantity, 6)}</td>
              <td className="py-0.5 text-right text-muted">{timeFormat.format(new Date(trade.createdAt))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section aria-labelledby="recent-trades-title" className="rounded-lg border border-line bg-surface p-4">
      <h2 id="recent-trades-title" className="mb-3 text-base font-semibold text-ink">
        Recent trades
      </h2>
      {body}
    </section>
  );
}
