import { messages, type WithdrawalItem } from '@exchange/contracts';
import { shortAddress } from '@exchange/domain';

/**
 * Where a withdrawal went. PayPal: the e-mail. A coin: the address-book label (when it came from the
 * book), the address, the network, and once signed the transaction hash shortened, linked to the
 * chain's explorer when one is configured.
 */
export function WithdrawalDestination({
  row,
  chainName,
}: {
  readonly row: Pick<
    WithdrawalItem,
    'method' | 'destination' | 'chain' | 'label' | 'tx_hash' | 'explorer_url'
  >;
  readonly chainName: (chain: string) => string;
}) {
  if (row.method !== 'chain') return <span className="break-all">{row.destination}</span>;
  return (
    <div className="flex min-w-0 flex-col gap-0.5 text-sm">
      {row.label ? <span className="font-medium text-ink">{row.label}</span> : null}
      <code className="font-mono text-xs break-all" title={row.destination}>
        {row.destination}
      </code>
      {row.chain ? (
        <span className="text-xs text-muted">
          {messages.withdrawalNetwork}: {chainName(row.chain)}
        </span>
      ) : null}
      {row.tx_hash ? (
        <span className="text-xs text-muted">
          {messages.withdrawalTransaction}:{' '}
          {row.explorer_url ? (
            <a
              href={row.explorer_url}
              target="_blank"
              rel="noreferrer noopener"
              className="font-mono text-accent hover:underline"
              title={row.tx_hash}
              data-testid="withdrawal-tx"
            >
              {shortAddress(row.tx_hash)}
            </a>
          ) : (
            <span className="font-mono" title={row.tx_hash} data-testid="withdrawal-tx">
              {shortAddress(row.tx_hash)}
            </span>
          )}
        </span>
      ) : null}
    </div>
  );
}
