import { messages } from '@exchange/contracts';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { AdminReserveReports } from '../../reserves/components/admin-reserve-reports';
import { useAdminDashboard, useAdminGraph } from '../api/admin-ops';
import { ActivityChart, Donut } from '../components/admin-charts';
import { PendingKycList, SupportList, TopCryptocurrencies } from '../components/dashboard-lists';
import { FoldingCard } from '../components/folding-card';
import { SolvencyPanel } from '../components/solvency-panel';
import { latestTransactionColumns } from '../components/transaction-cells';

function Figure({ label, value }: { readonly label: string; readonly value: number | undefined }) {
  return (
    <div className="rounded-md border border-line bg-raised/40 p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-ink tabular-nums">
        {value === undefined ? <Skeleton className="h-6 w-12" /> : value}
      </dd>
    </div>
  );
}

/**
 * /admin-dashboard (spec section 2): the approved-KYC donut, activity counts, three months of buy and
 * sell, swaps and stakes, Latest Transactions, Top Cryptocurrencies, pending tabs, the Support List and
 * the solvency panel with proof of reserves (issue 49). On a phone the sections below the figures fold (issue 46): their titles open them,
 * and the pending work is open.
 */
export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const graph = useAdminGraph();
  const d = dashboard.data;

  if (dashboard.isError)
    return (
      <div>
        <PageHeader title="Dashboard" />
        <ErrorState message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Dashboard" />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card title="Approved KYC">
          {d ? (
            <Donut
              total={d.totalApprovedKycCount}
              totalLabel={`approved of ${d.totalKycCount}`}
              parts={[
                { name: 'Approved', value: d.totalApprovedKycCount, colour: 'success' },
                { name: 'Pending', value: d.totalPendingKycCount, colour: 'warning' },
                { name: 'Rejected', value: d.totalRejectedKycCount, colour: 'danger' },
              ]}
            />
          ) : (
            <Skeleton className="h-36 w-full" />
          )}
          <p className="mt-4 text-sm text-muted">
            Registered users:{' '}
            <span className="font-semibold text-ink tabular-nums">{d?.totalUserCount ?? '…'}</span>
          </p>
        </Card>
        <Card title="User activity">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="activity-counts">
            <Figure label="Transactions made" value={d?.totalTransactionCount} />
            <Figure label="Completed" value={d?.totalSuccessTransactionCount} />
            <Figure label="Pending" value={d?.totalPendingTransactionCount} />
            <Figure label="Buy and sell" value={d?.Totalbuysellcount} />
            <Figure label="Swaps" value={d?.TotalSwapcount} />
            <Figure
              label="Stakes (active)"
              value={d?.totalStakeCount === undefined ? undefined : d.totalActiveStakeCount}
            />
          </dl>
        </Card>
      </div>

      <FoldingCard title="Three months compared">
        {graph.data ? (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <ActivityChart title="Buy and sell" labels={graph.data} series={graph.data.buysell} />
            <ActivityChart title="Swaps" labels={graph.data} series={graph.data.swap} />
            <ActivityChart title="Stakes" labels={graph.data} series={graph.data.stake} />
          </div>
        ) : graph.isError ? (
          <ErrorState message={errorMessage(graph.error)} onRetry={() => void graph.refetch()} />
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </FoldingCard>

      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <FoldingCard
          title={messages.adminLatestTransactions}
          actions={
            <Link to={paths.adminTransactions} className="text-sm font-medium text-accent hover:underline">
              {messages.adminViewAll}
            </Link>
          }
        >
          <DataTable
            label={messages.adminLatestTransactions}
            columns={latestTransactionColumns}
            rows={d?.letestTransaction}
            rowKey={(row) => row._id}
            loading={!d}
            emptyMessage={messages.noDataFoundAdmin}
            searchable={false}
          />
        </FoldingCard>
        <FoldingCard title={messages.adminTopCryptocurrencies}>
          <TopCryptocurrencies />
        </FoldingCard>
      </div>

      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
        <FoldingCard title="Pending work" openOnPhone>
          <Tabs
            label="Pending work"
            items={[
              {
                id: 'transactions',
                label: messages.adminPendingTransactionTab,
                content: (
                  <DataTable
                    label={messages.adminPendingTransactionTab}
                    columns={latestTransactionColumns}
                    rows={d?.letestPEndingTransaction}
                    rowKey={(row) => row._id}
                    loading={!d}
                    emptyMessage={messages.noDataFoundAdmin}
                    searchable={false}
                  />
                ),
              },
              {
                id: 'kyc',
                label: messages.adminPendingKycTab,
                content: <PendingKycList rows={d?.letestKyc} />,
              },
            ]}
          />
        </FoldingCard>
        <FoldingCard title={messages.adminSupportList}>
          <SupportList rows={d?.letestPendingSupport} />
        </FoldingCard>
      </div>

      <FoldingCard title="Solvency" around>
        <SolvencyPanel />
      </FoldingCard>

      <FoldingCard title={messages.reservesTitle} around>
        <AdminReserveReports />
      </FoldingCard>
    </div>
  );
}
