import { useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useAdminTransactions } from '../api/admin-ops';
import { ServerPagedTable } from '../components/server-paged-table';
import { transactionColumns } from '../components/transaction-cells';

/** /admin-transaction: every user's wallet transactions, paged and searched on the server. */
export function AdminTransactionsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useAdminTransactions(page, search);
  return (
    <div>
      <PageHeader
        title="Transactions"
        description={list.data ? `${list.data.total} transactions` : 'Loading…'}
      />
      <ServerPagedTable
        label="Transactions"
        columns={transactionColumns}
        rows={list.data?.content}
        rowKey={(row) => row._id}
        total={list.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        search={search}
        onSearch={(term) => {
          setSearch(term);
          setPage(1);
        }}
        fetching={list.isFetching}
        error={list.isError ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
    </div>
  );
}
