import type { InstantQuote } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { formatAmount, formatUsd } from '../../../lib/format';
import { USD_PRICE_DECIMALS } from '../model/market-rules';

/** Seconds left until `expiresAt`, ticking once a second; 0 once it has passed. */
export function useSecondsLeft(expiresAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

function Row({
  label,
  value,
  strong = false,
}: {
  readonly label: string;
  readonly value: string;
  readonly strong?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className={strong ? 'font-semibold text-ink tabular-nums' : 'text-ink tabular-nums'}>{value}</dd>
    </div>
  );
}

/** An instant quote: price, cost, fee and total in USD, and how long the price holds. */
export function QuoteSummary({
  quote,
  coin,
  expiredText = 'Quote expired: a new price is fetched when you continue',
}: {
  readonly quote: InstantQuote;
  readonly coin: string;
  /** What replaces the countdown once the price has expired. */
  readonly expiredText?: string | undefined;
}) {
  const secondsLeft = useSecondsLeft(quote.expires_at);
  const isBuy = quote.side === 'buy';
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col gap-1.5 text-sm">
        <Row label="Price" value={`${formatUsd(quote.price, USD_PRICE_DECIMALS)} / ${coin}`} />
        <Row label="Quantity" value={`${formatAmount(quote.quantity, 6)} ${coin}`} />
        <Row label="Cost" value={formatUsd(quote.cost)} />
        <Row label="Fee" value={formatUsd(quote.fee)} />
        <Row label={isBuy ? 'Total to pay' : 'Total to receive'} value={formatUsd(quote.total)} strong />
      </dl>
      <p className="text-xs text-muted" aria-live="off">
        {secondsLeft > 0 ? `Price valid for ${secondsLeft} s` : expiredText}
      </p>
    </div>
  );
}

export interface LimitEstimate {
  readonly cost: string;
  readonly fee: string;
  readonly total: string;
}

/** A limit order's value in USDT: price × quantity, the market fee and the total (held for a buy). */
export function LimitSummary({
  estimate,
  side,
}: {
  readonly estimate: LimitEstimate;
  readonly side: 'buy' | 'sell';
}) {
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      <Row label="Cost" value={`${formatAmount(estimate.cost)} USDT`} />
      <Row label="Fee (0.2%)" value={`${formatAmount(estimate.fee)} USDT`} />
      <Row
        label={side === 'buy' ? 'Total (held until filled)' : 'Total to receive'}
        value={`${formatAmount(estimate.total)} USDT`}
        strong
      />
    </dl>
  );
}
