import type { WalletCurrency } from '@exchange/contracts';
import { ASSET_CODES } from '@exchange/domain';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { FlashValue } from '../../../components/ui/flash-value';
import { errorMessage } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { useWalletCurrencies } from '../../../shared/wallet/get-wallet';

const columns: readonly Column<WalletCurrency>[] = [
  {
    id: 'asset',
    header: 'Asset Type',
    cell: (row) => (
      <span className="flex items-center gap-3">
        <CoinIcon code={row.symbol} src={row.image_url} className="size-7" />
        <span className="font-medium text-ink">{row.symbol}</span>
        <span className="hidden text-muted sm:inline">{row.name}</span>
      </span>
    ),
  },
  {
    id: 'balance',
    header: 'Available Balance',
    align: 'right',
    cell: (row) => <FlashValue value={row.balance}>{formatAmount(row.balance)}</FlashValue>,
  },
];

/**
 * The wallet lists every asset (US dollars, the ten coins and Multi Coin); its placeholder has as many
 * rows, each as tall as a row with its coin icon (size-7), so the table does not grow when the
 * balances arrive.
 */
const WALLET_ROWS = ASSET_CODES.length;

/** Spec section 2: every asset of the wallet with what is available to spend. */
export function AssetBalancesTable() {
  const wallet = useWalletCurrencies();
  return (
    <DataTable
      label="Assets"
      columns={columns}
      rows={wallet.data}
      rowKey={(row) => row._id}
      loading={wallet.isPending}
      error={wallet.error ? errorMessage(wallet.error) : undefined}
      onRetry={() => void wallet.refetch()}
      searchable={false}
      pageSize={20}
      skeletonRows={WALLET_ROWS}
      skeletonCellClassName="h-7 w-full max-w-32"
      scrollOnPageChange={false}
    />
  );
}
