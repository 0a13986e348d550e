import { DataTable } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/api-client';
import { useSwapHistory } from '../api/get-swap-p2p-history';
import { useHistoryPaging } from '../use-history-paging';
import { transactionColumns } from './transactions-tab';

/** The Swap tab: swaps and MULTI purchases (createdAt, operation_type, from, to, status). */
export function SwapHistoryTab() {
  const { query, server } = useHistoryPaging();
  const history = useSwapHistory(query);
  return (
    <DataTable
      label="Swap"
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
