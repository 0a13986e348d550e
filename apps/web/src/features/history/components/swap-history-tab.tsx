import { DataTable } from '../../../components/ui/data-table';
import { useServerPaging } from '../../../components/ui/use-server-paging';
import { errorMessage } from '../../../lib/api-client';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { useSwapHistory } from '../api/get-swap-p2p-history';
import { transactionColumns } from './transactions-tab';

/** The Swap tab: swaps and MULTI purchases (createdAt, operation_type, from, to, status). */
export function SwapHistoryTab() {
  const { query, server } = useServerPaging();
  const history = useSwapHistory(query);
  return (
    <DataTable
      label="Swap"
      toolbar={<ExportCsvButton listPath="/swap/history" name="swaps" query={{ search: query.search }} />}
      columns={transactionColumns}
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
