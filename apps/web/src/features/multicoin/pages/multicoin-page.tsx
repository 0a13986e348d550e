import { MULTICOIN_FROM_CODES, type MulticoinFromCode, messages } from '@exchange/contracts';
import { getAsset } from '@exchange/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, isApiError, newIdempotencyKey } from '../../../lib/api-client';
import { SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { formatAmount, formatAssetAmount, formatUsd } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { useSession } from '../../session/session-context';
import { postMultiSwap, swapKeys, useSwapQuote } from '../../swap/api/swap-api';
import { QuoteSummary } from '../../swap/components/quote-summary';
import { swapAmountProblem } from '../../swap/swap-rules';
import { useWalletCurrencies } from '../../wallet/api/get-wallet';
import { refreshBalances } from '../../wallet/api/refresh-balances';
import { CompleteKycLink } from '../../wallet/components/complete-kyc-link';
import { useCryptoIndex } from '../api/get-crypto-index';

const coinOptions = MULTICOIN_FROM_CODES.map((code) => ({
  value: code,
  label: `${code} - ${getAsset(code).name}`,
}));

/** This screen writes the rate-unavailable message with two final dots (spec section 6). */
function multicoinError(error: unknown): string {
  if (isApiError(error) && error.status === 503) return messages.rateUnavailableMulticoin;
  return errorMessage(error);
}

/**
 * /multicoin, Buy MultiCoin: an amount of ETH, XRP, ADA or DOT buys MULTI at coin price / MULTI index
 * (the server's quote, received amount to 4 decimals). 'Are You sure you want to Swap ?', the button
 * shows Processing, then the History's Swap tab after 3 s.
 */
export function MulticoinPage() {
  const session = useSession();
  const wallet = useWalletCurrencies();
  const index = useCryptoIndex();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const later = useDelayedAction();
  const [coin, setCoin] = useState<MulticoinFromCode>('ETH');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [done, setDone] = useState(false);

  const balance = wallet.data?.find((c) => c.symbol === coin)?.balance;
  const multi = wallet.data?.find((c) => c.symbol === 'MULTI')?.balance ?? '0';
  const settled = useDebouncedValue(amount, 400);
  const quotable =
    session.is_kyc_verified &&
    !done &&
    settled === amount &&
    swapAmountProblem(settled, balance, coin) === null;
  const live = useSwapQuote(coin, 'MULTI', settled, quotable);
  const quote = quotable ? (live.data ?? null) : null;
  const quoteError = quotable && live.error ? multicoinError(live.error) : null;
  // What stops a quote for an amount the user has typed, shown where the quote would be.
  const unquotable =
    settled.trim() === '' || settled !== amount ? null : swapAmountProblem(settled, balance, coin);

  const submit = () => {
    const problem = swapAmountProblem(amount, balance, coin);
    setError(problem ?? undefined);
    // The question comes only with its figures: while the quote is loading or refused, the quote
    // area says so and nothing opens.
    if (!problem && quote && !quoteError) setConfirming(true);
  };

  const execute = async () => {
    setConfirming(false);
    setProcessing(true);
    const usable = quote && settled === amount && Date.parse(quote.expires_at) > Date.now() ? quote : null;
    try {
      const response = await postMultiSwap(
        {
          from_crypto_currency_code: coin,
          to_crypto_currency_code: 'MULTI',
          from_amount: amount.trim(),
          quote_id: usable?.quote_id ?? null,
        },
        newIdempotencyKey(),
      );
      toast.success(response.message);
      setDone(true);
      void refreshBalances(queryClient);
      later(() => navigate(paths.history, { state: { type: 'swap' } }), SUCCESS_REDIRECT_MS);
    } catch (failure) {
      toast.error(multicoinError(failure));
      setProcessing(false);
    } finally {
      queryClient.removeQueries({ queryKey: swapKeys.quotes });
    }
  };

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
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Select
            label="Pay with"
            value={coin}
            options={coinOptions}
            onChange={(event) => setCoin(event.target.value as MulticoinFromCode)}
          />
          <Input
            label="Amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={error}
            suffix={coin}
            hint={
              <span className="tabular-nums">
                Available: {wallet.isPending ? '…' : `${formatAssetAmount(balance ?? '0', coin)} ${coin}`}
              </span>
            }
            onChange={(event) => {
              setAmount(event.target.value);
              setError(undefined);
            }}
          />
          <QuoteSummary
            quote={quote}
            loading={quotable && live.isFetching}
            error={quoteError}
            receiveDecimals={4}
            feeLabel="Rounding"
            unquotable={unquotable}
          />
          {session.is_kyc_verified ? (
            <Button type="submit" disabled={processing || done}>
              {processing ? messages.processing : 'Buy'}
            </Button>
          ) : (
            <CompleteKycLink />
          )}
        </form>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={messages.confirmSwap}
        onConfirm={execute}
      >
        {quote ? (
          <p className="text-sm text-muted tabular-nums">
            {amount} {coin} → {formatAmount(quote.to_amount, 4)} MULTI
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
