import { type DepositNetwork, formatMessage, messages } from '@exchange/contracts';
import { useId } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonText } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatAssetListAmount } from '../../../lib/format';
import { useDepositAddress } from '../api/get-deposit-address';
import { AddressQr } from './address-qr';

/**
 * The customer's own address for a coin on a chain: checksummed, in monospace, with Copy and a QR
 * code; what must not be sent (first, before the address is copied), the least that is credited and
 * the confirmations a deposit waits for.
 */
export function DepositAddressPanel({
  asset,
  network,
  severalNetworks = false,
}: {
  readonly asset: string;
  readonly network: DepositNetwork;
  /** The coin moves on more than one network: the warning names sending on another one. */
  readonly severalNetworks?: boolean;
}) {
  const addressId = useId();
  const address = useDepositAddress({ asset, chain: network.chain });
  if (address.isPending) return <SkeletonText lines={4} />;
  if (address.error)
    return (
      <ErrorState
        title={messages.coinDepositAddressFailed}
        message={errorMessage(address.error)}
        onRetry={() => void address.refetch()}
      />
    );
  const { address: value, network: shown } = address.data;
  return (
    <div className="flex flex-col gap-5">
      {/* The wrong-network mistake is explained before the address or its QR code can be used (issue 47). */}
      <div
        role="note"
        className="rounded-md border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-ink"
      >
        <p className="font-semibold">
          {formatMessage(severalNetworks ? messages.coinDepositNetworkWarning : messages.coinDepositWarning, {
            asset,
            chain: shown.name,
          })}
        </p>
        <p className="mt-1 text-muted">{messages.coinDepositBelowMinimumNote}</p>
      </div>
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <AddressQr address={value} alt={formatMessage(messages.coinDepositQrAlt, { asset })} />
        <div className="flex w-full min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <p className="text-sm text-muted">{formatMessage(messages.coinDepositAddress, { asset })}</p>
            <div className="flex items-start gap-2">
              <code
                id={addressId}
                data-testid="deposit-address"
                className="min-w-0 flex-1 rounded-md border border-line bg-raised px-3 py-2 font-mono text-sm break-all text-ink"
              >
                {value}
              </code>
              <CopyButton value={value} targetId={addressId} title={messages.coinDepositCopy} />
            </div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">{messages.coinDepositNetwork}</dt>
            <dd className="text-ink">{shown.name}</dd>
            <dt className="text-muted">{messages.coinDepositMinimum}</dt>
            <dd className="text-ink tabular-nums" data-testid="deposit-minimum">
              {formatAssetListAmount(shown.min_deposit, asset)} {asset}
            </dd>
            <dt className="text-muted">{messages.coinDepositConfirmations}</dt>
            <dd className="text-ink tabular-nums" data-testid="deposit-confirmations-needed">
              {shown.confirmations}
            </dd>
          </dl>
        </div>
      </div>
    </div>
  );
}
