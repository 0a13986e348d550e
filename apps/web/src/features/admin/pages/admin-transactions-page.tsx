import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useAdminTransactions } from '../api/admin-ops';
import { ADMIN_LIST } from '../components/admin-cells';
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
      <DataTable
        label="Transactions"
        columns={transactionColumns}
        rows={list.data?.content}
        rowKey={(row) => row._id}
        server={{ page, total: list.data?.total ?? 0, onPageChange: setPage, search, onSearch: setSearch }}
        {...ADMIN_LIST}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
    </div>
  );
}
