import type { TopMarketItem } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatUsd } from '../../../lib/format';
import { useTopMarkets } from '../hooks/use-top-markets';
import { LISTED_COINS, type ListedCoin } from '../listed-coins';
import { PriceChange } from './price-change';

const cell = 'px-2 py-3 first:pl-3 last:pr-3 sm:px-4';

function LiveBadge({ live }: { readonly live: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 text-xs text-muted">
      <span
        aria-hidden="true"
        className={live ? 'size-2 rounded-full bg-success' : 'size-2 rounded-full bg-muted'}
      />
      {live ? 'Live prices' : 'Prices refresh every 10 seconds'}
    </span>
  );
}

/** One coin; `row` without its figures (a placeholder row) shows placeholders for its price and change. */
function MarketRow({ row, rank }: { readonly row: TopMarketItem | ListedCoin; readonly rank: number }) {
  const priced = 'lastPrice' in row;
  return (
    <tr
      className="border-t border-line hover:bg-raised/60"
      data-ticker={priced ? row.ticker : undefined}
      data-skeleton={priced ? undefined : ''}
    >
      <td className={`${cell} hidden text-muted sm:table-cell`}>{rank}</td>
      <th scope="row" className={`${cell} text-left font-medium`}>
        <span className="flex items-center gap-3">
          <CoinIcon code={row.ticker} src={row.image_url} className="size-7" />
          <span className="flex flex-col">
            <span className="text-ink">{row.name}</span>
            <span className="text-xs text-muted sm:hidden">{row.ticker}</span>
          </span>
        </span>
      </th>
      <td className={`${cell} hidden text-muted sm:table-cell`}>{row.ticker}</td>
      <td className={`${cell} text-right text-ink`} data-column="last-price">
        {priced ? formatUsd(row.lastPrice, 4) : <Skeleton className="ml-auto h-4 w-24" />}
      </td>
      <td className={`${cell} text-right`} data-column="change">
        {priced ? <PriceChange value={row.priceChangePercent} /> : <Skeleton className="ml-auto h-4 w-14" />}
      </td>
    </tr>
  );
}

/**
 * The landing page's Top Cryptocurrency table: name with icon, ticker, last price and the 24 h change,
 * kept live by the ticker socket (or polling while it is down). Numbers use tabular figures so columns
 * do not jitter as prices move.
 */
export function TopMarketsTable() {
  const { rows, isLoading, isError, live, refetch } = useTopMarkets();

  let body: ReactNode;
  if (isError) {
    body = (
      <tr>
        <td colSpan={5}>
          <ErrorState message="Prices could not be loaded." onRetry={refetch} />
        </td>
      </tr>
    );
  } else if (isLoading || !rows) {
    // The coins are known before their prices (listed-coins.ts): the placeholder rows are those
    // coins, so the table keeps its height and columns when the prices arrive instead of re-laying
    // the page below it.
    body = LISTED_COINS.map((coin, index) => <MarketRow key={coin.ticker} row={coin} rank={index + 1} />);
  } else {
    body = rows.map((row, index) => <MarketRow key={row.ticker} row={row} rank={index + 1} />);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <LiveBadge live={live} />
      </div>
      <div className="overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="min-w-full text-sm tabular-nums" aria-busy={isLoading || undefined}>
          <caption className="sr-only">Top Cryptocurrency prices in US dollars</caption>
          <thead className="bg-raised/60 text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className={`${cell} hidden text-left font-medium sm:table-cell`}>
                #
              </th>
              <th scope="col" className={`${cell} text-left font-medium`}>
                Name
              </th>
              <th scope="col" className={`${cell} hidden text-left font-medium sm:table-cell`}>
                Ticker
              </th>
              <th scope="col" className={`${cell} text-right font-medium`}>
                Last Price
              </th>
              <th scope="col" className={`${cell} text-right font-medium sm:whitespace-nowrap`}>
                24h Change
              </th>
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
    </div>
  );
}
