import { messages } from '@exchange/contracts';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatAmount, formatUsd } from '../../../lib/format';
import { useWalletCurrencies } from '../../../shared/wallet/get-wallet';
import { SwapForm } from '../../swap/components/swap-form';
import { useCryptoIndex } from '../api/get-crypto-index';

/** This screen writes the rate-unavailable message with two final dots (spec section 6). */
function multicoinError(error: unknown): string {
  if (isApiError(error) && error.status === 503) return messages.rateUnavailableMulticoin;
  return errorMessage(error);
}

/**
 * /multicoin, Buy MultiCoin: the MULTI index and the user's MULTI, then the swap form of kind 'multi':
 * an amount of ETH, XRP, ADA or DOT buys MULTI at coin price / MULTI index (the server's quote,
 * received amount to 4 decimals). 'Are You sure you want to Swap ?', the button shows Processing,
 * then the History's Swap tab after 3 s.
 */
export function MulticoinPage() {
  const wallet = useWalletCurrencies();
  const index = useCryptoIndex();
  const multi = wallet.data?.find((c) => c.symbol === 'MULTI')?.balance ?? '0';

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title="Buy MultiCoin"
        description="Swap ETH, XRP, ADA or DOT into MULTI, the platform coin."
      />
      <Card>
        <dl className="mb-4 grid grid-cols-2 gap-2 text-sm tabular-nums">
          <dt className="text-muted">MULTI index</dt>
          <dd className="text-right text-ink" data-testid="multi-index">
            {index.isPending ? '…' : index.error ? multicoinError(index.error) : formatUsd(index.data, 4)}
          </dd>
          <dt className="text-muted">Your MULTI</dt>
          <dd className="text-right text-ink">{formatAmount(multi, 4)} MULTI</dd>
        </dl>
        <SwapForm kind="multi" />
      </Card>
    </div>
  );
}
