import { messages, type SignInEventView, type SignInOutcome } from '@exchange/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { useServerPaging } from '../../../components/ui/use-server-paging';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSignInHistory } from '../api/sessions';

const OUTCOMES: Record<SignInOutcome, { label: string; tone: BadgeTone }> = {
  SUCCESS: { label: messages.signInSuccess, tone: 'success' },
  WRONG_PASSWORD: { label: messages.signInWrongPassword, tone: 'danger' },
  WRONG_CODE: { label: messages.signInWrongCode, tone: 'danger' },
  REFUSED: { label: messages.signInRefused, tone: 'warning' },
};

const columns: readonly Column<SignInEventView>[] = [
  {
    id: 'created_at',
    header: messages.signInTime,
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.created_at)}</span>,
  },
  {
    id: 'outcome',
    header: messages.signInResult,
    cell: (row) => <Badge tone={OUTCOMES[row.outcome].tone}>{OUTCOMES[row.outcome].label}</Badge>,
  },
  { id: 'device', header: messages.sessionDevice },
  {
    id: 'network',
    header: messages.sessionNetwork,
    cell: (row) => <span className="break-all tabular-nums">{row.network}</span>,
  },
];

/**
 * Successful and refused sign-ins of the account, newest first, ten a page, paged and searched (device,
 * network) by the server.
 */
export function SignInHistorySection() {
  const { query, server } = useServerPaging();
  const history = useSignInHistory(query);
  return (
    <Card title={messages.signInHistoryTitle}>
      <DataTable
        label={messages.signInHistoryTitle}
        columns={columns}
        rows={history.data?.content}
        rowKey={(row) => row.id}
        server={server(history.data?.total)}
        searchLabel={messages.signInHistorySearch}
        loading={history.isFetching}
        error={history.error ? errorMessage(history.error, messages.signInHistoryLoadFailed) : undefined}
        onRetry={() => void history.refetch()}
        emptyMessage={messages.signInHistoryEmpty}
      />
    </Card>
  );
}
