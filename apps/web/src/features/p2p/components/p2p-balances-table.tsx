import type { WalletCurrency } from '@exchange/contracts';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatAssetAmount, formatUsd } from '../../../lib/format';

const columns: readonly Column<WalletCurrency>[] = [
  {
    id: 'asset',
    header: 'Asset',
    cell: (row) => (
      <span className="flex items-center gap-2">
        <CoinIcon src={row.image_url} code={row.symbol} />
        <span className="font-medium text-ink">{row.symbol}</span>
      </span>
    ),
  },
  {
    id: 'balance',
    header: 'Available',
    align: 'right',
    cell: (row) => <span className="tabular-nums">{formatAssetAmount(row.balance, row.symbol)}</span>,
  },
  {
    id: 'value',
    header: 'Value (USD)',
    align: 'right',
    cell: (row) => <span className="tabular-nums">{formatUsd(row.asset_value)}</span>,
  },
];

/** The crypto balances a P2P transfer can draw on. */
export function P2pBalancesTable({
  currencies,
  loading,
  error,
  onRetry,
}: {
  readonly currencies: readonly WalletCurrency[] | undefined;
  readonly loading: boolean;
  readonly error: unknown;
  readonly onRetry: () => void;
}) {
  return (
    <DataTable
      label="Crypto balances"
      columns={columns}
      rows={currencies?.filter((c) => c.currency_type === 'CRYPTO' && c.symbol !== 'MULTI')}
      rowKey={(row) => row._id}
      loading={loading}
      error={error ? errorMessage(error) : undefined}
      onRetry={onRetry}
      searchable={false}
      pageSize={20}
      scrollOnPageChange={false}
    />
  );
}
