import type { P2pHistoryItem } from '@exchange/contracts';
import { StatusBadge } from '../../../components/ui/badge';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { useServerPaging } from '../../../components/ui/use-server-paging';
import { errorMessage } from '../../../lib/api-client';
import { formatAssetListAmount, formatDateTime } from '../../../lib/format';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { useP2pHistory } from '../api/get-swap-p2p-history';

function party(name: string, email: string, mobile: string) {
  return (
    <span className="flex flex-col">
      <span className="font-medium text-ink">{name}</span>
      <span className="text-xs text-muted">{email}</span>
      <span className="text-xs text-muted tabular-nums">{mobile}</span>
    </span>
  );
}

const columns: readonly Column<P2pHistoryItem>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
  },
  { id: 'sender', header: 'Sender', cell: (row) => party(row.senderName, row.senderEmail, row.senderMobile) },
  {
    id: 'receiver',
    header: 'Receiver',
    cell: (row) => party(row.receiverName, row.receiverEmail, row.receiverMobile),
  },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (row) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatAssetListAmount(row.from.amount, row.from.currency_code)}{' '}
        <span className="text-muted">{row.from.currency_code}</span>
      </span>
    ),
  },
  { id: 'status', header: 'Status', align: 'center', cell: (row) => <StatusBadge status={row.status} /> },
];

/** The p2p History tab: transfers the user sent and received. */
export function P2pHistoryTab() {
  const { query, server } = useServerPaging();
  const history = useP2pHistory(query);
  return (
    <DataTable
      label="p2p History"
      toolbar={<ExportCsvButton listPath="/p2p/p2phistory" name="p2p" query={{ search: query.search }} />}
      columns={columns}
      rows={history.data?.rows}
      rowKey={(row) => row._id}
      server={server(history.data?.total)}
      clearFilter
      loading={history.isFetching}
      error={history.error ? errorMessage(history.error) : undefined}
      onRetry={() => void history.refetch()}
    />
  );
}
