import type { WalletCurrency } from '@exchange/contracts';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { FlashValue } from '../../../components/ui/flash-value';
import { errorMessage } from '../../../lib/api-client';
import { formatAmount, formatPercent, formatUsd } from '../../../lib/format';
import { totalBalance } from '../../../shared/wallet/balances';

const columns: readonly Column<WalletCurrency>[] = [
  {
    id: 'asset',
    header: 'Asset Type',
    cell: (row) => (
      <span className="flex items-center gap-3">
        <CoinIcon code={row.symbol} src={row.image_url} className="size-7" />
        <span className="flex flex-col">
          <span className="font-medium text-ink">{row.name}</span>
          <span className="text-xs text-muted">{row.symbol}</span>
        </span>
      </span>
    ),
  },
  {
    id: 'total',
    header: 'Total Balance',
    align: 'right',
    cell: (row) => formatAmount(totalBalance(row.balance, row.locked)),
  },
  {
    id: 'asset_value_percent',
    header: 'Asset Value %',
    align: 'right',
    cell: (row) => (
      <span className="flex flex-col">
        <span>{formatPercent(row.asset_value_percent)}</span>
        <FlashValue value={row.asset_value} className="text-xs text-muted">
          {formatUsd(row.asset_value)}
        </FlashValue>
      </span>
    ),
  },
  {
    id: 'interest_earned',
    header: 'Interest Earned (USD)',
    align: 'right',
    cell: (row) => formatUsd(row.interest_earned),
  },
];

interface CryptoAssetsTableProps {
  readonly currencies: readonly WalletCurrency[] | undefined;
  readonly loading: boolean;
  readonly error: unknown;
  readonly onRetry: () => void;
}

/** Spec section 2, /deposit: the crypto assets with their total, share of the wallet and interest. */
export function CryptoAssetsTable({ currencies, loading, error, onRetry }: CryptoAssetsTableProps) {
  const crypto = currencies?.filter((currency) => currency.currency_type === 'CRYPTO');
  return (
    <DataTable
      label="Crypto assets"
      columns={columns}
      rows={crypto}
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
