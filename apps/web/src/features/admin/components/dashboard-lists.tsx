import {
  type AdminSupportTicket,
  type DashboardKyc,
  messages,
  type TopMarketItem,
} from '@exchange/contracts';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/badge';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { PriceChange } from '../../market/components/price-change';
import { useTopMarkets } from '../../market/hooks/use-top-markets';
import { UserCell } from './admin-cells';

const topColumns: readonly Column<TopMarketItem>[] = [
  {
    id: 'ticker',
    header: 'Ticker',
    cell: (row) => <span className="font-medium text-ink">{row.ticker}</span>,
  },
  { id: 'price', header: 'Price', align: 'right', cell: (row) => formatUsd(row.lastPrice, 3) },
  {
    id: 'change',
    header: 'Change',
    align: 'right',
    cell: (row) => <PriceChange value={row.priceChangePercent} />,
  },
];

/** Top Cryptocurrencies: the first 5 markets, price to 3 decimals in $, change red or green. */
export function TopCryptocurrencies() {
  const top = useTopMarkets();
  return (
    <DataTable
      label={messages.adminTopCryptocurrencies}
      columns={topColumns}
      rows={top.rows?.slice(0, 5)}
      rowKey={(row) => row.ticker}
      loading={top.isLoading}
      error={top.isError ? messages.networkError : undefined}
      onRetry={top.refetch}
      emptyMessage={messages.noDataFoundAdmin}
      searchable={false}
      pageSize={5}
    />
  );
}

const kycColumns: readonly Column<DashboardKyc>[] = [
  {
    id: 'user',
    header: 'User',
    cell: (row) => (
      <UserCell
        picture={<KycUserAvatar profilePic={row.userdata.profile_pic} size={32} />}
        name={`${row.first_name} ${row.last_name}`}
        email={row.userdata.email}
      />
    ),
  },
  {
    id: 'date',
    header: 'Date',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
  },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

export function PendingKycList({ rows }: { readonly rows: readonly DashboardKyc[] | undefined }) {
  return (
    <div className="flex flex-col gap-2">
      <DataTable
        label={messages.adminPendingKycTab}
        columns={kycColumns}
        rows={rows}
        rowKey={(row) => row._id}
        loading={rows === undefined}
        emptyMessage={messages.noDataFoundAdmin}
        searchable={false}
      />
      <Link to={paths.adminKyc} className="self-end text-sm font-medium text-accent hover:underline">
        {messages.adminViewAll}
      </Link>
    </div>
  );
}

const supportColumns: readonly Column<AdminSupportTicket>[] = [
  {
    id: 'user',
    header: 'User',
    cell: (row) => (
      <UserCell
        picture={<KycUserAvatar profilePic={row.profile_pic} size={32} />}
        name={row.userdata.name}
        email={row.userdata.email}
      />
    ),
  },
  { id: 'subject', header: 'Subject', cell: (row) => <span className="wrap-anywhere">{row.subject}</span> },
  {
    id: 'date',
    header: 'Date',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
  },
  { id: 'status', header: 'Status', cell: () => <StatusBadge status="PENDING" /> },
];

/** The dashboard's Support List: the newest tickets still waiting for the team. */
export function SupportList({ rows }: { readonly rows: readonly AdminSupportTicket[] | undefined }) {
  return (
    <div className="flex flex-col gap-2">
      <DataTable
        label={messages.adminSupportList}
        columns={supportColumns}
        rows={rows}
        rowKey={(row) => row._id}
        loading={rows === undefined}
        emptyMessage={messages.noDataFoundAdmin}
        searchable={false}
      />
      <Link to={paths.adminSupport} className="self-end text-sm font-medium text-accent hover:underline">
        {messages.adminViewAll}
      </Link>
    </div>
  );
}
