import { type InstantQuote, messages, type OrderSide } from '@exchange/contracts';
import { formatAmount, formatAssetPrice, formatUsd } from '../../../lib/format';
import { limitEstimate } from '../model/limit-estimate';
import { LIMIT_QUOTE, USD_PRICE_DECIMALS } from '../model/market-rules';
import { heldPrice, type StopFormValues, triggerHint } from '../model/stop-orders';
import { type AdvancedChoice, choiceLabel, DEFAULT_CHOICE } from '../model/time-in-force';
import { useSecondsLeft } from './order-summary';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className={strong ? 'font-semibold text-ink tabular-nums' : 'text-ink tabular-nums'}>{value}</dd>
    </div>
  );
}

export interface ConfirmationProps {
  readonly side: OrderSide;
  readonly coin: string;
  readonly quantity: string;
  readonly limitPrice: string;
  readonly feeBps: bigint;
  /** Set for an instant order: its firm price. */
  readonly quote: InstantQuote | null;
  /** The quote was replaced in the dialog because the first one expired. */
  readonly requoted: boolean;
  /** A limit order's time in force or post only, named in the confirmation. */
  readonly choice?: AdvancedChoice;
  /** A stop-limit's or an OCO's prices (issue 48); null for a plain limit. */
  readonly stop?: StopFormValues | null;
  /** The market's last trade price, which the stop is measured against. */
  readonly lastPrice?: string | null;
}

const KIND_WORD = {
  limit: 'Limit',
  stop_limit: 'Stop-limit',
  stop_market: 'Stop-market',
  oco: 'OCO',
} as const;

/**
 * What the user is about to do, the same for a buy and a sell: side, quantity, price, cost, fee and
 * the total (to pay for a buy, the proceeds for a sell). An instant price that ran out shows as
 * expired; confirming then fetches a new one and asks again.
 */
export function OrderConfirmation({
  side,
  coin,
  quantity,
  limitPrice,
  feeBps,
  quote,
  requoted,
  choice = DEFAULT_CHOICE,
  stop = null,
  lastPrice = null,
}: ConfirmationProps) {
  const secondsLeft = useSecondsLeft(quote?.expires_at ?? null);
  const isBuy = side === 'buy';
  const totalLabel = isBuy ? 'Total to pay' : 'Proceeds (after fee)';
  if (quote) {
    return (
      <div className="flex flex-col gap-2">
        {requoted ? (
          <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-2 text-sm text-ink">
            The price changed while you were deciding. New price: {formatUsd(quote.price, USD_PRICE_DECIMALS)}{' '}
            / {coin}. Confirm again to continue.
          </p>
        ) : null}
        <dl className="flex flex-col gap-1.5 text-sm">
          <Row label="Side" value={isBuy ? `Buy ${coin}` : `Sell ${coin}`} />
          <Row label="Quantity" value={`${formatAmount(quote.quantity, 6)} ${coin}`} />
          <Row label="Price" value={`${formatUsd(quote.price, USD_PRICE_DECIMALS)} / ${coin}`} />
          <Row label="Cost" value={formatUsd(quote.cost)} />
          <Row label="Fee" value={formatUsd(quote.fee)} />
          <Row label={totalLabel} value={formatUsd(quote.total)} strong />
        </dl>
        <p className="text-xs text-muted">
          {secondsLeft > 0
            ? `Price valid for ${secondsLeft} s`
            : 'This price has expired: confirm to see the new price before anything is sent.'}
        </p>
      </div>
    );
  }
  const kind = stop ? choice.kind : 'limit';
  const held = stop ? heldPrice(kind, side, stop) : limitPrice;
  const estimate = limitEstimate(quantity, held, feeBps, side);
  if (!estimate) return null;
  const price = (value: string) => `${formatAssetPrice(value, coin)} ${LIMIT_QUOTE}`;
  const trigger = stop
    ? triggerHint(stop.stopPrice, lastPrice, formatAssetPrice(stop.stopPrice, coin))
    : null;
  const note =
    kind === 'oco'
      ? isBuy
        ? messages.ocoBuyHelp
        : messages.ocoSellHelp
      : kind === 'stop_limit' || kind === 'stop_market'
        ? trigger
        : null;
  const market = kind === 'stop_market';
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col gap-1.5 text-sm">
        <Row label="Side" value={`${KIND_WORD[kind]} ${side} ${coin}`} />
        <Row label="Quantity" value={`${formatAmount(quantity, 6)} ${coin}`} />
        {market ? null : <Row label="Limit price" value={price(limitPrice)} />}
        {stop ? <Row label="Stop price" value={price(stop.stopPrice)} /> : null}
        {stop && kind === 'oco' ? <Row label="Stop-limit price" value={price(stop.stopLimitPrice)} /> : null}
        {market ? null : <Row label="Time in force" value={choiceLabel(choice)} />}
        <Row label="Cost" value={`${formatAmount(estimate.cost)} ${LIMIT_QUOTE}`} />
        <Row label="Fee (0.2%)" value={`${formatAmount(estimate.fee)} ${LIMIT_QUOTE}`} />
        <Row
          label={isBuy ? 'Total (held until filled)' : 'Proceeds (after fee)'}
          value={`${formatAmount(estimate.total)} ${LIMIT_QUOTE}`}
          strong
        />
      </dl>
      {note ? <p className="text-xs text-muted">{note}</p> : null}
      {market ? <p className="text-xs text-muted">{messages.stopMarketHelp}</p> : null}
    </div>
  );
}
