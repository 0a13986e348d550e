import { formatMessage, messages, type SwapQuote } from '@exchange/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, isApiError, newIdempotencyKey } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSwap, useSwapQuote } from '../../swap/api/swap-api';
import { QuoteSummary } from '../../swap/components/quote-summary';
import { swapAmountProblem } from '../../swap/swap-rules';
import { sanitizeDecimal } from '../model/decimal-input';
import { proposeUsdAmount } from '../model/usd-convert';

const QUOTE_DEBOUNCE_MS = 400;

/** Whole seconds until `expiresAt`, ticking once a second while there is a quote. */
function useSecondsLeft(expiresAt: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1_000));
}

export interface ConvertUsdStepProps {
  /** The USDT the order lacks (8 decimals), or null when nothing is typed yet ('Get USDT'). */
  readonly missing: string | null;
  readonly usdAvailable: string | undefined;
  /** Quotes need a KYC-verified customer (the others would get 403). */
  readonly enabled: boolean;
  /** Called after a conversion went through; the wallet is already updated. */
  readonly onConverted: () => void;
}

/**
 * The order form's 'Convert USD to USDT' step (issue 45): the USD amount proposed from what the order
 * lacks (`proposeUsdAmount`: the shortfall to the cent, then at the quote's own rate so the fee is
 * covered too, and shown), the swap's firm quote with its rate, fee, what is received and how long it
 * holds, and 'Convert', which executes that quote through the swap (ledger, idempotency, stale-price
 * and exposure rules as for any swap). The wallet the answer carries updates Available at once.
 */
export function ConvertUsdStep({ missing, usdAvailable, enabled, onConverted }: ConvertUsdStepProps) {
  const headingId = useId();
  const swap = useSwap();
  const [amount, setAmount] = useState(() =>
    missing ? (proposeUsdAmount(missing, usdAvailable) ?? '') : '',
  );
  // Once the customer types an amount it is theirs: the proposal no longer overwrites it.
  const [edited, setEdited] = useState(false);
  const [movedQuoteId, setMovedQuoteId] = useState<string | null>(null);

  useEffect(() => {
    if (edited || !missing) return;
    setAmount(proposeUsdAmount(missing, usdAvailable) ?? '');
  }, [missing, usdAvailable, edited]);

  const settled = useDebouncedValue(amount, QUOTE_DEBOUNCE_MS);
  const problem = settled.trim() === '' ? null : swapAmountProblem(settled, usdAvailable, 'USD');
  const quotable = enabled && settled === amount && settled.trim() !== '' && problem === null;
  const live = useSwapQuote('USD', 'USDT', settled, quotable);
  const quote: SwapQuote | null = quotable ? (live.data ?? null) : null;

  // A quote that pays out less than the order lacks (the fee, a price above a dollar) teaches the
  // proposal the real rate: the amount is raised to cover the order, and quoted again.
  const raised = edited || !missing || !quote ? null : proposeUsdAmount(missing, usdAvailable, quote);
  const raising = raised !== null && raised !== quote?.from_amount;
  useEffect(() => {
    if (raising && raised !== null) setAmount(raised);
  }, [raising, raised]);

  const secondsLeft = useSecondsLeft(quote?.expires_at);
  const priceMoved = quote !== null && movedQuoteId === quote.quote_id;
  const quoteError = priceMoved
    ? messages.swapPriceMoved
    : quotable && live.error
      ? isApiError(live.error) && live.error.status === 503
        ? messages.rateUnavailable
        : errorMessage(live.error)
      : null;
  // While the proposal is being raised the shown quote is about to be replaced: nothing to convert yet.
  const usable = quote !== null && !raising && !priceMoved && !quoteError && (secondsLeft ?? 0) > 0;

  const convert = async () => {
    if (!quote) return;
    try {
      await swap.mutateAsync({
        kind: 'swap',
        body: {
          from_crypto_currency_code: 'USD',
          to_crypto_currency_code: 'USDT',
          from_amount: quote.from_amount,
          quote_id: quote.quote_id,
        },
        idempotencyKey: newIdempotencyKey(),
      });
      toast.success(messages.convertUsdDone);
      setEdited(false);
      onConverted();
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'price_moved') setMovedQuoteId(quote.quote_id);
      else toast.error(errorMessage(failure));
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-accent/40 bg-accent/5 p-3"
    >
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {messages.convertUsdTitle}
      </h3>
      <p className="text-sm text-muted">
        {missing
          ? formatMessage(messages.convertUsdLacking, { missing: formatAmount(missing, 8) })
          : messages.getUsdtExplained}
      </p>
      <Input
        label={messages.convertUsdAmount}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={amount}
        suffix={<span className="pr-2">USD</span>}
        hint={`Available: ${formatAmount(usdAvailable, 2)} USD`}
        error={problem ?? undefined}
        onChange={(event) => {
          setEdited(true);
          setAmount(sanitizeDecimal(event.target.value));
        }}
        onKeyDown={(event) => {
          // Enter here converts nothing and must not submit the order around it.
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <QuoteSummary
        quote={quote}
        loading={quotable && live.isFetching}
        error={quoteError}
        onNewQuote={
          priceMoved
            ? () => {
                setMovedQuoteId(null);
                void live.refetch();
              }
            : undefined
        }
      />
      {quote && !quoteError ? (
        <p className="text-xs text-muted" aria-live="off">
          {secondsLeft && secondsLeft > 0
            ? formatMessage(messages.convertUsdQuoteValid, { seconds: String(secondsLeft) })
            : messages.convertUsdQuoteExpired}
        </p>
      ) : null}
      <Button
        type="button"
        variant="primary"
        fullWidth
        disabled={!usable}
        loading={swap.isPending}
        loadingText={messages.processing}
        onClick={() => void convert()}
      >
        {messages.convertUsdAction}
      </Button>
    </section>
  );
}
