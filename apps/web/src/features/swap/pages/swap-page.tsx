import { messages } from '@exchange/contracts';
import { CRYPTO_CODES, type CryptoCode, getAsset } from '@exchange/domain';
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
import { errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { formatAssetAmount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { useSession } from '../../session/session-context';
import { useWalletCurrencies } from '../../wallet/api/get-wallet';
import { refreshBalances } from '../../wallet/api/refresh-balances';
import { CompleteKycLink } from '../../wallet/components/complete-kyc-link';
import { postSwap, swapKeys, useSwapQuote } from '../api/swap-api';
import { QuoteSummary } from '../components/quote-summary';
import { swapAmountProblem } from '../swap-rules';

/** The spec reloads the page 2 seconds after refusing equal coins. */
const SAME_COIN_RELOAD_MS = 2_000;

const coinOptions = CRYPTO_CODES.map((code) => ({ value: code, label: `${code} - ${getAsset(code).name}` }));

/**
 * /swap: from and to coin and an amount; the server's live quote (rate, fee, what you receive) is shown
 * before the user confirms and fetched again when it expires. Equal coins get an error toast and a
 * reload after 2 s; the amount rules run in the spec's order; 'Are You sure you want to Swap ?' comes
 * before the swap, then the History's Swap tab.
 */
export function SwapPage() {
  const session = useSession();
  const wallet = useWalletCurrencies();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const later = useDelayedAction();
  const [from, setFrom] = useState<CryptoCode>('ETH');
  const [to, setTo] = useState<CryptoCode>('BTC');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);

  const balance = wallet.data?.find((c) => c.symbol === from)?.balance;
  const settled = useDebouncedValue(amount, 400);
  const quotable =
    session.is_kyc_verified &&
    !done &&
    from !== to &&
    settled === amount &&
    swapAmountProblem(settled, balance, from) === null;
  const live = useSwapQuote(from, to, settled, quotable);
  const quote = quotable ? (live.data ?? null) : null;
  const quoteError = quotable && live.error ? errorMessage(live.error) : null;
  // What stops a quote for an amount the user has typed, shown where the quote would be.
  const unquotable =
    settled.trim() === '' || settled !== amount ? null : swapAmountProblem(settled, balance, from);

  const submit = () => {
    if (from === to) {
      toast.error(messages.swapSameCoin);
      later(() => window.location.reload(), SAME_COIN_RELOAD_MS);
      return;
    }
    const problem = swapAmountProblem(amount, balance, from);
    setError(problem ?? undefined);
    // The question comes only with its figures: while the quote is loading or refused, the quote
    // area says so and nothing opens.
    if (!problem && quote && !quoteError) setConfirming(true);
  };

  const execute = async () => {
    // The shown quote is accepted while it is valid for exactly this amount; otherwise the server
    // prices the swap afresh at the current rate.
    const usable = quote && settled === amount && Date.parse(quote.expires_at) > Date.now() ? quote : null;
    try {
      const response = await postSwap(
        {
          from_crypto_currency_code: from,
          to_crypto_currency_code: to,
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
      // A toast says why, as for the page's other server refusals; returning instead of rethrowing
      // lets the question close, and the form keeps what the user typed.
      toast.error(errorMessage(failure));
    } finally {
      // A quote is usable once; whatever happened, never show this one again.
      queryClient.removeQueries({ queryKey: swapKeys.quotes });
    }
  };

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Swap" description="Swap one crypto for another at the house's live rate." />
      <Card>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label="From"
              value={from}
              options={coinOptions}
              onChange={(event) => setFrom(event.target.value as CryptoCode)}
            />
            <Select
              label="To"
              value={to}
              options={coinOptions}
              onChange={(event) => setTo(event.target.value as CryptoCode)}
            />
          </div>
          <Input
            label="Amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={error}
            suffix={from}
            hint={
              <span className="tabular-nums">
                Available: {wallet.isPending ? '…' : `${formatAssetAmount(balance ?? '0', from)} ${from}`}
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
            unquotable={unquotable}
          />
          {session.is_kyc_verified ? (
            <Button type="submit" disabled={done}>
              Swap
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
        busyText={messages.processing}
      >
        {quote ? (
          <p className="text-sm text-muted tabular-nums">
            {amount} {from} → {formatAssetAmount(quote.to_amount, to)} {to}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
