import { formatMessage, type HotWalletLine, messages } from '@exchange/contracts';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { errorMessage } from '../../../../lib/api-client';
import { formatAssetAmount } from '../../../../lib/format';
import { useHotWallet, useStuckChainTxs } from '../../api/admin-withdrawals';

const amount = (row: HotWalletLine, value: string) => `${formatAssetAmount(value, row.asset)} ${row.asset}`;

const columns: readonly Column<HotWalletLine>[] = [
  { id: 'chain', header: messages.coinWithdrawNetwork, cell: (row) => row.chain_name },
  {
    id: 'asset',
    header: messages.coinWithdrawCoin,
    cell: (row) => <span className="font-medium">{row.asset}</span>,
  },
  {
    id: 'address',
    header: messages.coinWithdrawAddressLabel,
    className: 'text-xs',
    cell: (row) => <code className="font-mono break-all">{row.address}</code>,
  },
  {
    id: 'balance',
    header: messages.hotWalletBalance,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (row) => amount(row, row.balance),
  },
  {
    id: 'pending',
    header: messages.hotWalletPending,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (row) => amount(row, row.pending_withdrawals),
  },
  {
    id: 'covered',
    header: 'Status',
    cell: (row) =>
      row.covered ? (
        <Badge tone="success">{messages.hotWalletCovered}</Badge>
      ) : (
        <Badge tone="danger">{messages.hotWalletShort}</Badge>
      ),
  },
];

/** What a short line lacks: pending minus balance, as a decimal string of the coin (digits kept exact). */
function missing(line: HotWalletLine): string {
  const scale = Math.max(
    line.balance.split('.')[1]?.length ?? 0,
    line.pending_withdrawals.split('.')[1]?.length ?? 0,
  );
  const toUnits = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return BigInt(whole + fraction.padEnd(scale, '0'));
  };
  const units = toUnits(line.pending_withdrawals) - toUnits(line.balance);
  const text = (units < 0n ? 0n : units).toString().padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/**
 * The hot wallet of each chain (GET /admin/hot-wallet): per coin its balance read from the chain and
 * the approved withdrawals waiting to be sent; a line that cannot cover them is a warning at the top,
 * since those withdrawals wait until the wallet is funded.
 */
export function HotWalletPanel() {
  const hot = useHotWallet();
  const stuck = useStuckChainTxs().data ?? [];
  const short = hot.data?.filter((line) => !line.covered) ?? [];
  return (
    <Card
      title={messages.hotWalletTitle}
      className="mb-6"
      actions={
        <Button size="sm" variant="secondary" loading={hot.isFetching} onClick={() => void hot.refetch()}>
          Refresh
        </Button>
      }
    >
      <p className="mb-3 text-sm text-muted">{messages.hotWalletIntro}</p>
      {short.map((line) => (
        <p
          key={`${line.chain}:${line.asset}`}
          role="alert"
          className="mb-3 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-ink"
        >
          {formatMessage(messages.hotWalletNotCovered, {
            asset: line.asset,
            chain: line.chain_name,
            missing: missing(line),
          })}
        </p>
      ))}
      {stuck.length > 0 && (
        <section aria-label={messages.hotWalletStuckTitle} className="mb-3">
          <h3 className="mb-2 text-sm font-medium text-ink">{messages.hotWalletStuckTitle}</h3>
          <ul className="space-y-2">
            {stuck.map((tx) => (
              <li
                key={tx._id}
                className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-ink"
              >
                {formatMessage(messages.hotWalletStuck, {
                  purpose: tx.purpose,
                  chain: tx.chain,
                  reference: tx.reference,
                  nonce: String(tx.nonce ?? ''),
                  address: tx.from_address,
                  since: new Date(tx.stuck_since).toLocaleString(),
                  reason: tx.reason,
                })}
                {tx.cancel_hash && (
                  <code className="mt-1 block font-mono text-xs break-all">
                    {formatMessage(messages.hotWalletStuckCancel, { hash: tx.cancel_hash })}
                  </code>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <DataTable
        label={messages.hotWalletTitle}
        columns={columns}
        rows={hot.data}
        rowKey={(row) => `${row.chain}:${row.asset}`}
        loading={hot.isPending}
        error={hot.isError ? errorMessage(hot.error) : undefined}
        onRetry={() => void hot.refetch()}
        emptyMessage={messages.hotWalletEmpty}
        searchable={false}
        compact
        pageSize={20}
        scrollOnPageChange={false}
      />
    </Card>
  );
}
