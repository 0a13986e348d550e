import { formatMessage, messages } from '@exchange/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useChainDeposits } from '../api/get-chain-deposits';
import type { DepositCoin } from '../api/get-deposit-networks';
import { chainDepositColumns } from './chain-deposit-columns';

/** How many of a coin's latest deposits show under its address. */
export const RECENT_DEPOSITS = 5;

/**
 * A coin's latest deposits under its address, searched on the server by the coin's code (a search
 * that could also match another coin's code, USD in USDT, is narrowed here to the coin itself). The
 * whole list, paged, is History's Deposits tab.
 */
export function RecentChainDeposits({
  asset,
  coins,
}: {
  readonly asset: string;
  readonly coins: readonly DepositCoin[] | undefined;
}) {
  const deposits = useChainDeposits({ page: 1, search: asset, limit: RECENT_DEPOSITS });
  const columns = useMemo(() => chainDepositColumns(coins), [coins]);
  const rows = deposits.data?.rows.filter((row) => row.asset === asset);
  return (
    <section className="mt-6 flex flex-col gap-3" aria-labelledby="recent-deposits-title">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="recent-deposits-title" className="text-sm font-semibold text-ink">
          {messages.coinDepositRecent}
        </h3>
        <Link
          to={paths.history}
          state={{ type: 'deposit' }}
          className="text-sm text-accent underline-offset-2 hover:underline"
        >
          {messages.coinDepositAll}
        </Link>
      </header>
      <DataTable
        label={messages.coinDepositRecent}
        columns={columns}
        rows={rows}
        rowKey={(row) => row._id}
        searchable={false}
        pageSize={RECENT_DEPOSITS}
        scrollOnPageChange={false}
        skeletonRows={2}
        emptyMessage={formatMessage(messages.coinDepositRecentEmpty, { asset })}
        loading={deposits.isPending}
        error={deposits.error ? errorMessage(deposits.error, messages.chainDepositsFailed) : undefined}
        onRetry={() => void deposits.refetch()}
      />
    </section>
  );
}
