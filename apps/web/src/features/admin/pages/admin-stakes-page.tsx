import { type ADMIN_STAKE_SORTS, type AdminStake, messages, type TopStakingItem } from '@exchange/contracts';
import { STAKE_STATUSES } from '@exchange/domain';
import { StatusBadge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatAmount, formatPercent, formatUsd } from '../../../lib/format';
import { SortSelect, sortableColumns } from '../../../shared/admin-list/sortable-header';
import { useAdminList } from '../../../shared/admin-list/use-admin-list';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { useAdminDashboard, useAdminGraph, useAdminStakes, useTopStaking } from '../api/admin-ops';
import { ADMIN_LIST, ShortId } from '../components/admin-cells';
import { ActivityChart } from '../components/admin-charts';
import { StatusFilter } from '../components/status-filter';

type StakeListSort = (typeof ADMIN_STAKE_SORTS)[number];

const topColumns: readonly Column<TopStakingItem>[] = [
  {
    id: 'user',
    header: 'User',
    cell: (row) => (
      <span className="flex flex-col">
        <span className="font-medium text-ink">{row.userdata.name}</span>
        <span className="wrap-anywhere text-xs text-muted">{row.userdata.email}</span>
      </span>
    ),
  },
  { id: 'currency', header: 'Currency', cell: (row) => row.currency_code },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (row) => (
      <span className="flex flex-col">
        <span>{formatAmount(row.starting_balance)}</span>
        <span className="text-xs text-muted">{formatUsd(row.value_usd)}</span>
      </span>
    ),
  },
  {
    id: 'interest',
    header: 'Interest',
    align: 'right',
    cell: (row) => (
      <span className="flex flex-col">
        <span>{formatAmount(row.interest)}</span>
        <span className="text-xs text-muted">{formatPercent(row.interest_rate)} APY</span>
      </span>
    ),
  },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

const stakeColumns: readonly Column<AdminStake>[] = [
  {
    id: 'token',
    header: 'Token',
    cell: (row) => (
      <span className="flex flex-col">
        <span className="font-medium text-ink">{row.currency_code}</span>
        <span className="text-xs text-muted">{row.userdata.name}</span>
      </span>
    ),
  },
  {
    id: 'principal',
    header: 'Principal Amount',
    align: 'right',
    cell: (row) => formatAmount(row.starting_balance),
  },
  { id: 'days', header: 'Term in days', align: 'right', cell: (row) => row.days },
  { id: 'tx', header: 'Transaction ID', cell: (row) => <ShortId id={row.transactiondata?._id ?? row._id} /> },
  { id: 'rate', header: 'Interest Rate', align: 'right', cell: (row) => formatPercent(row.interest_rate) },
  { id: 'payout', header: 'Payout Amount', align: 'right', cell: (row) => formatAmount(row.closing_balance) },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

function StakeSummary() {
  const dashboard = useAdminDashboard();
  const graph = useAdminGraph();
  const figures = [
    ['Total stakes', dashboard.data?.totalStakeCount],
    ['Active stakes', dashboard.data?.totalActiveStakeCount],
  ] as const;
  return (
    <Card title="Stake summary">
      <div className="grid gap-6 md:grid-cols-[12rem_1fr]">
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-1">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-muted uppercase">{label}</dt>
              <dd className="text-2xl font-semibold text-ink tabular-nums">
                {value === undefined ? <Skeleton className="h-7 w-16" /> : value}
              </dd>
            </div>
          ))}
        </dl>
        {graph.data ? (
          <ActivityChart
            title="Stakes opened, by day of month"
            labels={graph.data}
            series={graph.data.stake}
          />
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </div>
    </Card>
  );
}

const sortable: Partial<Record<string, StakeListSort>> = { token: 'asset', days: 'days', status: 'status' };
const sortOptions = [
  { sort: 'createdAt', label: 'Opened' },
  { sort: 'asset', label: 'Token' },
  { sort: 'days', label: 'Term in days' },
  { sort: 'status', label: 'Status' },
] as const;

/**
 * The Stakes List: sorted by the server (Token, Term in days and Status headers, newest first until
 * one is clicked), filtered by status, and its CSV holds every stake it matches (issue 46 point 7).
 */
function StakeList() {
  const list = useAdminList<StakeListSort>({ sort: 'createdAt', order: 'desc' });
  const stakes = useAdminStakes(list.page, list.search, list.query);
  return (
    <DataTable
      label={messages.adminStakesList}
      columns={sortableColumns(stakeColumns, sortable, list.sort, list.toggleSort)}
      rows={stakes.data?.content}
      rowKey={(row) => row._id}
      server={list.server(stakes.data?.total ?? 0)}
      toolbar={
        <div className="flex flex-wrap items-end gap-3">
          <StatusFilter options={STAKE_STATUSES} value={list.status} onChange={list.setStatus} />
          <SortSelect options={sortOptions} state={list.sort} onChange={list.setSort} />
          <ExportCsvButton listPath="/admin/get-all-stake" name="stakes" query={list.csvQuery} />
        </div>
      }
      {...ADMIN_LIST}
      loading={stakes.isFetching}
      error={stakes.isError ? errorMessage(stakes.error) : undefined}
      onRetry={() => void stakes.refetch()}
    />
  );
}

/** /admin-stakes: a summary with a chart, Top Staking and the Stakes List (spec section 2). */
export function AdminStakesPage() {
  const top = useTopStaking();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Stakes" />
      <StakeSummary />
      <Card title={messages.adminTopStaking}>
        <DataTable
          label={messages.adminTopStaking}
          columns={topColumns}
          rows={top.data}
          rowKey={(row) => row._id}
          loading={top.isPending}
          error={top.isError ? errorMessage(top.error) : undefined}
          onRetry={() => void top.refetch()}
          emptyMessage={messages.noDataFoundAdmin}
          searchable={false}
          scrollOnPageChange={false}
        />
      </Card>
      <Card title={messages.adminStakesList}>
        <StakeList />
      </Card>
    </div>
  );
}
