import type { WalletTransaction } from '@exchange/contracts';
import { StatusBadge } from '../../../components/ui/badge';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { useServerPaging } from '../../../components/ui/use-server-paging';
import { errorMessage } from '../../../lib/api-client';
import {
  formatAssetListAmount,
  formatAssetPrice,
  formatDateTime,
  formatSignificant,
} from '../../../lib/format';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { useWalletTransactions } from '../api/get-wallet-transactions';
import { transactionLabel } from '../transaction-label';

type Side = WalletTransaction['from'];

function side(value: Side) {
  if (!value) return <span className="text-muted">-</span>;
  return (
    <span className="whitespace-nowrap">
      {formatAssetListAmount(value.amount, value.currency_code)}{' '}
      <span className="text-muted">{value.currency_code}</span>
    </span>
  );
}

/** A limit fill's quantity and price ('0.01 BTC at 50,001.5 USDT'), under its label. */
function fillDetail(row: WalletTransaction) {
  if (!row.price) return null;
  const coin = row.operation === 'LIMIT_SELL' ? row.from : row.to;
  const quote = row.operation === 'LIMIT_SELL' ? row.to : row.from;
  if (!coin || !quote) return null;
  return (
    <span className="text-xs text-muted tabular-nums" data-testid="fill-detail">
      {formatSignificant(coin.amount)} {coin.currency_code} at{' '}
      {formatAssetPrice(row.price, coin.currency_code)} {quote.currency_code}
    </span>
  );
}

export const transactionColumns: readonly Column<WalletTransaction>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
  },
  {
    id: 'type',
    header: 'Type',
    cell: (row) => (
      <span className="flex flex-col">
        <span className="font-medium text-ink">{transactionLabel(row)}</span>
        {fillDetail(row)}
      </span>
    ),
  },
  { id: 'from', header: 'From', align: 'right', cell: (row) => side(row.from) },
  { id: 'to', header: 'To', align: 'right', cell: (row) => side(row.to) },
  { id: 'status', header: 'Status', align: 'center', cell: (row) => <StatusBadge status={row.status} /> },
];

/**
 * The Transactions tab: the wallet's own movements, newest first, paged and searched on the server;
 * after an instant trade the newest row is highlighted.
 */
export function TransactionsTab({ highlightNewest = false }: { readonly highlightNewest?: boolean }) {
  const { query, server } = useServerPaging();
  const transactions = useWalletTransactions(query);
  const newest = query.page === 1 && !query.search ? transactions.data?.rows[0]?._id : undefined;
  return (
    <DataTable
      label="Transactions"
      toolbar={
        <ExportCsvButton
          listPath="/wallet/transactions"
          name="transactions"
          query={{ search: query.search }}
        />
      }
      columns={transactionColumns}
      rows={transactions.data?.rows}
      rowKey={(row) => row._id}
      server={server(transactions.data?.total)}
      clearFilter
      highlightKey={highlightNewest ? (newest ?? null) : null}
      loading={transactions.isFetching}
      error={transactions.error ? errorMessage(transactions.error) : undefined}
      onRetry={() => void transactions.refetch()}
    />
  );
}
