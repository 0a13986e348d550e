import { CoinIcon } from '../../../components/ui/coin-icon';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { FlashValue } from '../../../components/ui/flash-value';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatPercent, formatUsd, isNegative } from '../../../lib/format';
import { useTopMarkets } from '../../market/hooks/use-top-markets';

/** The endpoint is the top ten markets; every coin we list is one of them. */
const SKELETON_ROWS = 10;

/**
 * Placeholder rows of the list's own shape and line heights, as many as it will show, so the card
 * below (investment baskets) does not jump when the prices arrive.
 */
function TopCurrenciesSkeleton() {
  return (
    <div className="flex flex-col divide-y divide-line" role="status" aria-label="Loading">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity but their position
        <div key={index} className="flex items-center gap-3 py-3">
          <Skeleton className="size-7 shrink-0 rounded-full" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="flex h-6 items-center">
              <Skeleton className="h-4 w-24" />
            </span>
            <span className="flex h-4 items-center">
              <Skeleton className="h-3 w-10" />
            </span>
          </span>
          <span className="flex flex-col items-end">
            <span className="flex h-6 items-center">
              <Skeleton className="h-4 w-20" />
            </span>
            <span className="flex h-4 items-center">
              <Skeleton className="h-3 w-12" />
            </span>
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * Spec section 2: name, ticker, last price and the change, red when negative and green otherwise. The
 * landing page's live list (REST names, socket prices), so both screens share one cache entry.
 */
export function TopCurrenciesList() {
  const markets = useTopMarkets();
  if (markets.isError) return <ErrorState onRetry={markets.refetch} />;
  if (!markets.rows) return <TopCurrenciesSkeleton />;
  if (markets.rows.length === 0) return <EmptyState />;
  return (
    <ul className="flex flex-col divide-y divide-line" aria-label="Top currencies">
      {markets.rows.map((item) => {
        const down = isNegative(item.priceChangePercent);
        return (
          <li key={item.ticker} className="flex items-center gap-3 py-3">
            <CoinIcon code={item.ticker} src={item.image_url} className="size-7" />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium text-ink">{item.name}</span>
              <span className="text-xs text-muted">{item.ticker}</span>
            </span>
            <span className="flex flex-col items-end tabular-nums">
              <FlashValue value={item.lastPrice} className="text-ink">
                {formatUsd(item.lastPrice, 4)}
              </FlashValue>
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
