import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatDecimal } from '../../../lib/format';
import { useSolvency } from '../api/admin-ops';
import { ChainHoldingsTable } from './chain-holdings-table';

type Row = NonNullable<ReturnType<typeof useSolvency>['data']>['assets'][number];

const amount = (value: string) => formatDecimal(value, 4);

const columns: readonly Column<Row>[] = [
  { id: 'asset', header: 'Asset', cell: (row) => <span className="font-medium text-ink">{row.asset}</span> },
  {
    id: 'users_available',
    header: 'Users available',
    align: 'right',
    cell: (row) => amount(row.users_available),
  },
  { id: 'users_locked', header: 'Users locked', align: 'right', cell: (row) => amount(row.users_locked) },
  { id: 'house', header: 'House', align: 'right', cell: (row) => amount(row.house) },
  { id: 'fees', header: 'Fees', align: 'right', cell: (row) => amount(row.fees) },
  {
    id: 'other',
    header: 'Deposits / staking / referrals',
    align: 'right',
    cell: (row) => (
      <span className="whitespace-nowrap text-muted">
        {amount(row.payment_clearing)} / {amount(row.staking_pool)} / {amount(row.referral_expense)}
      </span>
    ),
  },
  {
    id: 'net',
    header: 'Sum',
    align: 'right',
    cell: (row) => (
      <span className={/^-?0(\.0+)?$/.test(row.net) ? 'text-muted' : 'font-semibold text-danger'}>
        {amount(row.net)}
      </span>
    ),
  },
];

/**
 * Solvency: per asset, what customers hold (available and locked), the house and fee accounts and the
 * other system accounts, which sum to zero when the books balance, each chain's on-chain holdings
 * (ChainHoldingsTable), and the ledger check run on open.
 */
export function SolvencyPanel() {
  const solvency = useSolvency();
  const ledger = solvency.data?.ledger;
  return (
    <Card
      title="Solvency"
      actions={
        <div className="flex items-center gap-3">
          {ledger ? (
            <Badge tone={ledger.consistent ? 'success' : 'danger'}>
              {ledger.consistent ? 'Ledger consistent' : `${ledger.breach_count} ledger breach(es)`}
            </Badge>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            loading={solvency.isFetching}
            loadingText="Checking…"
            onClick={() => void solvency.refetch()}
          >
            Run check
          </Button>
        </div>
      }
    >
      {ledger ? (
        <p className="mb-3 text-xs text-muted" data-testid="ledger-check">
          Checked {formatDateTime(ledger.checked_at)} · {ledger.accounts} accounts · {ledger.entries} entries
          · {ledger.duration_ms} ms
        </p>
      ) : null}
      <DataTable
        label="Solvency per asset"
        columns={columns}
        rows={solvency.data?.assets}
        rowKey={(row) => row.asset}
        loading={solvency.isPending}
        error={solvency.isError ? errorMessage(solvency.error) : undefined}
        onRetry={() => void solvency.refetch()}
        searchable={false}
        pageSize={12}
        scrollOnPageChange={false}
      />
      <ChainHoldingsTable lines={solvency.data?.chains ?? []} />
    </Card>
  );
}
