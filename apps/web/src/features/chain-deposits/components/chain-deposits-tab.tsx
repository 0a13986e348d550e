import { messages } from '@exchange/contracts';
import { useMemo } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { useServerPaging } from '../../../components/ui/use-server-paging';
import { errorMessage } from '../../../lib/api-client';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { useChainDeposits } from '../api/get-chain-deposits';
import { useDepositNetworks } from '../api/get-deposit-networks';
import { chainDepositColumns } from './chain-deposit-columns';

/**
 * The Deposits tab of /history: the coins that arrived on a chain, newest first, paged and searched on
 * the server; the socket's events move a row's confirmations and status while it is on screen.
 */
export function ChainDepositsTab() {
  const { query, server } = useServerPaging();
  const deposits = useChainDeposits(query);
  const networks = useDepositNetworks();
  const columns = useMemo(() => chainDepositColumns(networks.data), [networks.data]);
  return (
    <DataTable
      label={messages.chainDepositsTab}
      toolbar={
        <ExportCsvButton listPath="/wallet/chain-deposits" name="deposits" query={{ search: query.search }} />
      }
      columns={columns}
      rows={deposits.data?.rows}
      rowKey={(row) => row._id}
      server={server(deposits.data?.total)}
      clearFilter
      searchPlaceholder={messages.chainDepositsSearch}
      searchLabel={messages.chainDepositsSearch}
      loading={deposits.isFetching}
      error={deposits.error ? errorMessage(deposits.error, messages.chainDepositsFailed) : undefined}
      onRetry={() => void deposits.refetch()}
    />
  );
}
