import { messages } from '@exchange/contracts';
import { ASSET_CODES } from '@exchange/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { coinOptions } from '../../../components/ui/select-options';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDecimal, formatSignificant } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useHydrated } from '../../../lib/use-hydrated';
import { getQuote } from '../../market/api/get-quote';
import { CurrencySelect } from './currency-select';

/** USD and the ten supported coins (spec section 9). */
const CURRENCIES = coinOptions(ASSET_CODES.filter((code) => code !== 'MULTI'));

export const QUOTE_DEBOUNCE_MS = 400;
/** Prices move; an open calculator asks again this often. */
const QUOTE_REFRESH_MS = 15_000;

const AMOUNT_PATTERN = /^\d+(\.\d+)?$/;

/** What the quote endpoint accepts: a plain positive decimal ('0.5', '12'), checked as text. */
export function isQuotableAmount(amount: string): boolean {
  return AMOUNT_PATTERN.test(amount) && /[1-9]/.test(amount) && amount.length <= 40;
}

/** Dollars to 2 decimals, coins to the spec's 4. */
/** USD to the cent; a coin with as many decimals as it needs (1 USD → BTC is not '0.0000'). */
function formatIn(code: string, value: string): string {
  return code === 'USD' ? formatDecimal(value, 2) : formatSignificant(value);
}

function SwapIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      className="size-5"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path
        d="M6 3v13m0 0-3-3m3 3 3-3M14 17V4m0 0-3 3m3-3 3 3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Converts between coins and USD at the server's live prices. The server does the arithmetic in exact
 * decimals (GET /market/quote); the page only formats what it answers. Typing is debounced, the last
 * answer stays on screen while the next one loads, and a stale price shows the spec's rate-unavailable
 * message instead of a number.
 */
export function ExchangeCalculator() {
  // A fixed id, not useId: this is hydrated as its own root (app/landing-islands.tsx), whose generated
  // ids would differ from the prerendered HTML's.
  const resultId = 'exchange-calculator';
  const [amount, setAmount] = useState('1');
  const [from, setFrom] = useState('BTC');
  const [to, setTo] = useState('USD');

  const trimmed = amount.trim();
  const valid = isQuotableAmount(trimmed);
  const request = useDebouncedValue({ from, to, amount: trimmed }, QUOTE_DEBOUNCE_MS);
  const settled = request.amount === trimmed && request.from === from && request.to === to;

  const quote = useQuery({
    queryKey: ['market', 'quote', request.from, request.to, request.amount],
    queryFn: ({ signal }) => getQuote(request, signal),
    enabled: isQuotableAmount(request.amount),
    placeholderData: keepPreviousData,
    refetchInterval: QUOTE_REFRESH_MS,
    staleTime: 5_000,
    retry: false,
  });

  const swap = () => {
    setFrom(to);
    setTo(from);
  };

  // A quote the shared cache already holds waits for this island's hydration (app/landing-islands.tsx):
  // the prerendered HTML has the placeholder, and hydration must find exactly that.
  const hydrated = useHydrated();
  const failed = hydrated && quote.isError;
  const unavailable = failed && isApiError(quote.error) && quote.error.status === 503;
  const shown = hydrated && valid && !quote.isError ? quote.data : undefined;
  const current = shown && shown.from === from && shown.to === to;

  let result: ReactNode;
  if (!valid) {
    result = <span className="text-muted">-</span>;
  } else if (failed) {
    result = (
      <span role="alert" className="text-base font-medium text-danger">
        {unavailable ? messages.rateUnavailable : errorMessage(quote.error)}
      </span>
    );
  } else if (!shown) {
    // The lines of a quote (the amount, then the rate), so the card keeps its height when it arrives.
    result = (
      <span className="flex flex-col gap-1">
        <span className="flex h-8 items-center sm:h-9">
          <Skeleton className="h-7 w-48" />
        </span>
        <span className="flex h-4 items-center">
          <Skeleton className="h-3 w-40" />
        </span>
      </span>
    );
  } else {
    result = (
      <span className="flex flex-col gap-1">
        <span className="flex flex-wrap items-baseline gap-2">
          <span
            className="text-2xl font-semibold text-ink tabular-nums sm:text-3xl"
            data-testid="quote-result"
            data-value={shown.result}
          >
            {formatIn(shown.to, shown.result)}
          </span>
          <span className="text-base font-medium text-muted">{shown.to}</span>
        </span>
        <span className="text-xs text-muted tabular-nums">
          1 {shown.from} = {formatDecimal(shown.rate, shown.to === 'USD' ? 4 : 8)} {shown.to}
        </span>
      </span>
    );
  }

  return (
    <section
      aria-labelledby={`${resultId}-title`}
      className="rounded-xl border border-line bg-surface p-5 shadow-xl shadow-black/30 sm:p-6"
    >
      <h2 id={`${resultId}-title`} className="text-lg font-semibold text-ink">
        Exchange calculator
      </h2>
      <p className="mt-1 text-sm text-muted">Live rates between the coins we list and US dollars.</p>
      <form className="mt-5 flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
        <Input
          id={`${resultId}-amount`}
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace(',', '.'))}
          error={trimmed !== '' && !valid ? messages.swapAmountPositive : undefined}
          suffix={<span className="px-2 font-semibold">{from}</span>}
        />
        {/* On a phone the selects stack, so each shows its whole ticker and name. */}
        <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
          <CurrencySelect label="From" value={from} options={CURRENCIES} onChange={setFrom} />
          <button
            type="button"
            onClick={swap}
            aria-label="Swap direction"
            className="mb-0.5 inline-flex size-10 items-center justify-center justify-self-center rounded-full border border-line bg-raised text-accent hover:border-accent"
          >
            <SwapIcon />
          </button>
          <CurrencySelect label="To" value={to} options={CURRENCIES} onChange={setTo} />
        </div>
        <div className="rounded-lg border border-line bg-canvas/60 p-4">
          <p className="text-xs font-medium tracking-wide text-muted uppercase">You get</p>
          <output
            aria-live="polite"
            aria-busy={(!settled || quote.isFetching) && valid ? true : undefined}
            className={`mt-2 block min-h-12 ${current ? '' : 'opacity-70'}`}
          >
            {result}
          </output>
        </div>
      </form>
    </section>
  );
}
