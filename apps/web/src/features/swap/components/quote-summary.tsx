import { messages, type SwapQuote } from '@exchange/contracts';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatAmount } from '../../../lib/format';

interface QuoteSummaryProps {
  readonly quote: SwapQuote | null;
  readonly loading: boolean;
  /** A refusal of the quote (a stale price: the screen's rate-unavailable message). */
  readonly error: string | null;
  /** Decimals to show what the user receives with (the multicoin screen shows 4). */
  readonly receiveDecimals?: number;
  /** What the house keeps is the fee on a swap, only rounding dust on a MULTI purchase. */
  readonly feeLabel?: string;
  /** Why there is no quote for what is typed (above the balance, too many decimals), if anything. */
  readonly unquotable?: string | null;
  /** Shown with the error as a 'Get a new quote' button (a quote refused because the price moved). */
  readonly onNewQuote?: (() => void) | undefined;
}

/** The server's firm quote before the user confirms: rate, fee and what they receive. */
export function QuoteSummary({
  quote,
  loading,
  error,
  receiveDecimals = 8,
  feeLabel = 'Fee',
  unquotable = null,
  onNewQuote,
}: QuoteSummaryProps) {
  if (error)
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
      >
        <p>{error}</p>
        {onNewQuote ? (
          <Button type="button" size="sm" variant="secondary" onClick={onNewQuote}>
            {messages.swapNewQuote}
          </Button>
        ) : null}
      </div>
    );
  if (loading && !quote) return <Skeleton className="h-20 w-full" />;
  if (!quote)
    return (
      <p className="text-sm text-muted" aria-live="polite">
        {unquotable ? `No quote: ${unquotable}` : 'Enter an amount to see the rate and what you receive.'}
      </p>
    );
  const to = quote.to_crypto_currency_code;
  return (
    <dl
      aria-label="Quote"
      aria-live="polite"
      className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm tabular-nums"
    >
      <dt className="text-muted">Rate</dt>
      <dd className="text-right text-ink">
        1 {quote.from_crypto_currency_code} = {formatAmount(quote.rate, 8)} {to}
      </dd>
      <dt className="text-muted">{feeLabel}</dt>
      <dd className="text-right text-ink">
        {formatAmount(quote.fee, 8)} {to}
      </dd>
      <dt className="text-muted">You receive</dt>
      <dd className="text-right font-semibold text-ink" data-testid="swap-receive">
        {formatAmount(quote.to_amount, receiveDecimals)} {to}
      </dd>
    </dl>
  );
}
