import { messages, type ReferralItem } from '@exchange/contracts';
import { StatusBadge } from '../../../components/ui/badge';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { useServerPaging } from '../../../components/ui/use-server-paging';
import { errorMessage } from '../../../lib/api-client';
import { formatAssetListAmount, formatDateTime } from '../../../lib/format';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { useReferralList } from '../api/get-referral-list';

export const referralColumns: readonly Column<ReferralItem>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
  },
  { id: 'referByName', header: 'Referred by', cell: (row) => row.referByName },
  { id: 'referToName', header: 'Referred', cell: (row) => row.referToName },
  {
    id: 'ref_amount',
    header: 'Amount',
    align: 'right',
    cell: (row) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatAssetListAmount(row.ref_amount, row.asset)} <span className="text-muted">{row.asset}</span>
      </span>
    ),
  },
  {
    id: 'updatedAt',
    header: 'Updated',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.updatedAt)}</span>,
  },
  { id: 'status', header: 'Status', align: 'center', cell: (row) => <StatusBadge status={row.status} /> },
];

/** The referrals the user made: PENDING until the referred user's KYC is approved, then SUCCESS. */
export function ReferralTable() {
  const { query, server } = useServerPaging();
  const list = useReferralList(query);
  return (
    <DataTable
      label="Referrals"
      toolbar={
        <ExportCsvButton
          listPath="/referal/getReferralList"
          name="referrals"
          query={{ search: query.search }}
        />
      }
      columns={referralColumns}
      rows={list.data?.rows}
      rowKey={(row) => row._id}
      server={server(list.data?.total)}
      clearFilter
      loading={list.isFetching}
      error={list.error ? errorMessage(list.error) : undefined}
      onRetry={() => void list.refetch()}
      emptyMessage={messages.noDataFound}
    />
  );
}
