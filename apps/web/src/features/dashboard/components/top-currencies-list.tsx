import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonText } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatPercent, formatUsd, isNegative } from '../../../lib/format';
import { CoinIcon } from '../../wallet/components/coin-icon';
import { useTopTenMarket } from '../api/get-top-ten-market';

/** Spec section 2: name, ticker, last price and the change, red when negative and green otherwise. */
export function TopCurrenciesList() {
  const markets = useTopTenMarket();
  if (markets.isPending) return <SkeletonText lines={6} />;
  if (markets.isError)
    return <ErrorState message={errorMessage(markets.error)} onRetry={() => void markets.refetch()} />;
  if (markets.data.length === 0) return <EmptyState />;
  return (
    <ul className="flex flex-col divide-y divide-line" aria-label="Top currencies">
      {markets.data.map((item) => {
        const down = isNegative(item.priceChangePercent);
        return (
          <li key={item.ticker} className="flex items-center gap-3 py-3">
            <CoinIcon src={item.image_url} symbol={item.ticker} />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium text-ink">{item.name}</span>
              <span className="text-xs text-muted">{item.ticker}</span>
            </span>
            <span className="flex flex-col items-end tabular-nums">
              <span className="text-ink">{formatUsd(item.lastPrice, 4)}</span>
              <span className={cn('text-xs font-semibold', down ? 'text-danger' : 'text-success')}>
                {formatPercent(item.priceChangePercent, 2, { signed: true })}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
