import { MULTICOIN_FROM_CODES, messages } from '@exchange/contracts';
import { type AssetCode, CRYPTO_CODES } from '@exchange/domain';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { coinOptions } from '../../../components/ui/select-options';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, isApiError, newIdempotencyKey } from '../../../lib/api-client';
import { SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { formatAmount, formatAssetAmount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ruleResolver } from '../../../lib/rule-resolver';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { useWalletCurrencies } from '../../../shared/wallet/get-wallet';
import { CompleteKycLink } from '../../kyc/components/complete-kyc-link';
import { useSession } from '../../session/session-context';
import { type SwapKind, useSwap, useSwapQuote } from '../api/swap-api';
import { swapAmountProblem } from '../swap-rules';
import { QuoteSummary } from './quote-summary';

/** The spec reloads the page 2 seconds after refusing equal coins. */
const SAME_COIN_RELOAD_MS = 2_000;

const QUOTE_DEBOUNCE_MS = 400;

/** What each kind offers, pays with, buys and says; the form around them is one. */
const KINDS = {
  swap: {
    fromLabel: 'From',
    fromOptions: coinOptions(CRYPTO_CODES),
    defaults: { from: 'ETH', to: 'BTC', amount: '' },
    submitLabel: 'Swap',
    receiveDecimals: undefined,
    feeLabel: undefined,
  },
  multi: {
    fromLabel: 'Pay with',
    fromOptions: coinOptions(MULTICOIN_FROM_CODES),
    defaults: { from: 'ETH', to: 'MULTI', amount: '' },
    submitLabel: 'Buy',
    // MULTI is received to 4 decimals; what the rounding keeps is the house's, shown as such.
    receiveDecimals: 4,
    feeLabel: 'Rounding',
  },
} as const;

export interface SwapFormValues {
  from: string;
  to: string;
  amount: string;
}

interface SwapFormContext {
  /** The wallet's spendable balances by coin; undefined while the wallet loads. */
  readonly balances: ReadonlyMap<string, string> | undefined;
}

/** The amount rules (swap-rules.ts, over the domain's), shown under the amount. */
const resolver = ruleResolver<SwapFormValues, SwapFormContext>((values, { balances }) => {
  const message = swapAmountProblem(values.amount, balances?.get(values.from), values.from as AssetCode);
  return message ? { field: 'amount', message } : null;
});

/** Buy MultiCoin writes the rate-unavailable message with two final dots (spec section 6). */
function problemText(kind: SwapKind, error: unknown): string {
  if (kind === 'multi' && isApiError(error) && error.status === 503) return messages.rateUnavailableMulticoin;
  return errorMessage(error);
}

/**
 * The swap form of /swap (from and to coin) and of /multicoin (a coin into MULTI): an amount checked
 * by the swap rules, the server's live quote (rate, fee or rounding, what you receive) shown before the
 * user confirms and fetched again when it expires, 'Are You sure you want to Swap ?' with its figures,
 * then the History's Swap tab after 3 s. On /swap equal coins get an error toast and a reload after
 * 2 s; on /multicoin the button says Processing while the purchase runs. A refusal is a toast and the
 * form keeps what the user typed; a quote refused because the price moved says so where the quote was,
 * with a 'Get a new quote' button.
 */
export function SwapForm({ kind }: { readonly kind: SwapKind }) {
  const shape = KINDS[kind];
  const session = useSession();
  const wallet = useWalletCurrencies();
  const navigate = useNavigate();
  const later = useDelayedAction();
  const swap = useSwap();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  // The request (coins and amount) and quote the server refused because the price moved, if any.
  const [moved, setMoved] = useState<{ key: string; quoteId: string | null } | null>(null);
  const balances = useMemo(
    () => (wallet.data ? new Map<string, string>(wallet.data.map((c) => [c.symbol, c.balance])) : undefined),
    [wallet.data],
  );
  const { register, handleSubmit, clearErrors, watch, getValues, formState } = useForm<
    SwapFormValues,
    SwapFormContext
  >({
    defaultValues: shape.defaults,
    resolver,
    // As before: a problem shows after Swap or Buy and goes away as soon as the amount changes.
    reValidateMode: 'onSubmit',
    context: { balances },
  });
  const [from, to, amount] = watch(['from', 'to', 'amount']);
  const balance = balances?.get(from);
  const settled = useDebouncedValue(amount, QUOTE_DEBOUNCE_MS);
  const quotable =
    session.is_kyc_verified &&
    !done &&
    from !== to &&
    settled === amount &&
    swapAmountProblem(settled, balance, from as AssetCode) === null;
  const live = useSwapQuote(from, to, settled, quotable);
  const quote = quotable ? (live.data ?? null) : null;
  const requestKey = `${from}|${to}|${amount}`;
  const priceMoved = moved?.key === requestKey;
  const quoteError = priceMoved
    ? messages.swapPriceMoved
    : quotable && live.error
      ? problemText(kind, live.error)
      : null;
  // One click shows a fresh quote at the current price in place of the refused one: the one fetched
  // since the refusal (quotes are dropped after every swap), else a new one asked for now.
  const newQuote = () => {
    const fetchedSince = live.data !== undefined && live.data.quote_id !== moved?.quoteId;
    setMoved(null);
    if (!fetchedSince && !live.isFetching) void live.refetch();
  };
  // What stops a quote for an amount the user has typed, shown where the quote would be.
  const unquotable =
    settled.trim() === '' || settled !== amount
      ? null
      : swapAmountProblem(settled, balance, from as AssetCode);
  // Multicoin's dialog closes at once and its button says Processing; /swap's dialog says it.
  const processing = kind === 'multi' && swap.isPending;

  const onValid = () => {
    // The question comes only with its figures: while the quote is loading or refused, the quote
    // area says so and nothing opens.
    if (quote && !quoteError) setConfirming(true);
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    if (kind === 'swap' && getValues('from') === getValues('to')) {
      event.preventDefault();
      toast.error(messages.swapSameCoin);
      later(() => window.location.reload(), SAME_COIN_RELOAD_MS);
      return;
    }
    void handleSubmit(onValid)(event);
  };

  const execute = async () => {
    if (kind === 'multi') setConfirming(false);
    const text = amount.trim();
    // The shown quote is accepted while it is valid for exactly this amount; otherwise the server
    // prices the swap afresh at the current rate.
    const usable = quote && settled === amount && Date.parse(quote.expires_at) > Date.now() ? quote : null;
    const quoteId = usable?.quote_id ?? null;
    try {
      const response = await swap.mutateAsync(
        kind === 'multi'
          ? {
              kind,
              body: {
                from_crypto_currency_code: from as (typeof MULTICOIN_FROM_CODES)[number],
                to_crypto_currency_code: 'MULTI',
                from_amount: text,
                quote_id: quoteId,
              },
              idempotencyKey: newIdempotencyKey(),
            }
          : {
              kind,
              body: {
                from_crypto_currency_code: from as (typeof CRYPTO_CODES)[number],
                to_crypto_currency_code: to as (typeof CRYPTO_CODES)[number],
                from_amount: text,
                quote_id: quoteId,
              },
              idempotencyKey: newIdempotencyKey(),
            },
      );
      toast.success(response.message);
      setDone(true);
      later(() => navigate(paths.history, { state: { type: 'swap' } }), SUCCESS_REDIRECT_MS);
    } catch (failure) {
      // Returning instead of rethrowing lets the question close; the form keeps what the user typed.
      // A quote refused because the price moved is said where the quote was, with a fresh-quote button.
      if (isApiError(failure) && failure.code === 'price_moved') setMoved({ key: requestKey, quoteId });
      else toast.error(problemText(kind, failure));
    }
  };

  const received = (value: string) =>
    kind === 'multi' ? `${formatAmount(value, 4)} MULTI` : `${formatAssetAmount(value, to)} ${to}`;

  return (
    <>
      <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
        {kind === 'swap' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Select label={shape.fromLabel} options={shape.fromOptions} {...register('from')} />
            <Select label="To" options={shape.fromOptions} {...register('to')} />
          </div>
        ) : (
          <Select label={shape.fromLabel} options={shape.fromOptions} {...register('from')} />
        )}
        <Input
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          error={formState.errors.amount?.message}
          suffix={from}
          hint={
            <span className="tabular-nums">
              Available: {wallet.isPending ? '…' : `${formatAssetAmount(balance ?? '0', from)} ${from}`}
            </span>
          }
          {...register('amount', { onChange: () => clearErrors('amount') })}
        />
        <QuoteSummary
          quote={quote}
          loading={quotable && live.isFetching}
          error={quoteError}
          receiveDecimals={shape.receiveDecimals}
          feeLabel={shape.feeLabel}
          unquotable={unquotable}
          onNewQuote={priceMoved ? newQuote : undefined}
        />
        {session.is_kyc_verified ? (
          <Button type="submit" disabled={processing || done}>
            {processing ? messages.processing : shape.submitLabel}
          </Button>
        ) : (
          <CompleteKycLink />
        )}
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={messages.confirmSwap}
        onConfirm={execute}
        busyText={messages.processing}
      >
        {quote ? (
          <p className="text-sm text-muted tabular-nums">
            {amount} {from} → {received(quote.to_amount)}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
