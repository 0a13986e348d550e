import { formatMessage, messages, type WalletCurrency } from '@exchange/contracts';
import { Button } from '../../../components/ui/button';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { FlashValue } from '../../../components/ui/flash-value';
import { errorMessage } from '../../../lib/api-client';
import { formatAmount, formatPercent, formatUsd } from '../../../lib/format';
import { totalBalance } from '../../../shared/wallet/balances';
import { useDepositNetworks } from '../../chain-deposits/api/get-deposit-networks';
import { unmovableCoinList } from '../../chain-deposits/model/movable-coins';

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

/**
 * The last column: Withdraw for a coin that can leave on a chain, nothing for the others (one sentence
 * under the table names them, rather than a 'Coming Soon ...' on each row).
 */
function withdrawColumn(
  canWithdraw: (symbol: string) => boolean,
  onWithdraw: (symbol: string) => void,
): Column<WalletCurrency> {
  return {
    id: 'withdraw',
    header: <span className="sr-only">Actions</span>,
    align: 'right',
    cell: (row) =>
      canWithdraw(row.symbol) ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onWithdraw(row.symbol)}
          aria-label={formatMessage(messages.coinWithdrawButton, { asset: row.symbol })}
        >
          {messages.withdrawTitle}
        </Button>
      ) : null,
  };
}

/** Under the table, once: the coins that cannot leave here yet (those no chain is configured for). */
function NotWithdrawableYet() {
  const networks = useDepositNetworks();
  const notYet = networks.data ? unmovableCoinList(networks.data, 'withdraw') : '';
  if (!notYet) return null;
  return (
    <p className="mt-3 text-sm text-muted" data-testid="coins-not-withdrawable">
      {formatMessage(messages.coinWithdrawNotYet, { assets: notYet })}
    </p>
  );
}

interface CryptoAssetsTableProps {
  readonly currencies: readonly WalletCurrency[] | undefined;
  readonly loading: boolean;
  readonly error: unknown;
  readonly onRetry: () => void;
  /** Coin withdrawals (issue 38): which coins can leave, and what Withdraw on a row does. */
  readonly withdraw?: {
    readonly canWithdraw: (symbol: string) => boolean;
    readonly onWithdraw: (symbol: string) => void;
  };
}

/**
 * Spec section 2, /deposit: the crypto assets with their total, share of the wallet and interest, and
 * (issue 38) Withdraw on each coin that can leave on a chain, the others named once below (issue 45).
 */
export function CryptoAssetsTable({ currencies, loading, error, onRetry, withdraw }: CryptoAssetsTableProps) {
  const crypto = currencies?.filter((currency) => currency.currency_type === 'CRYPTO');
  return (
    <>
      <DataTable
        label="Crypto assets"
        columns={withdraw ? [...columns, withdrawColumn(withdraw.canWithdraw, withdraw.onWithdraw)] : columns}
        rows={crypto}
        rowKey={(row) => row._id}
        loading={loading}
        error={error ? errorMessage(error) : undefined}
        onRetry={onRetry}
        searchable={false}
        pageSize={20}
        scrollOnPageChange={false}
      />
      {withdraw ? <NotWithdrawableYet /> : null}
    </>
  );
}
