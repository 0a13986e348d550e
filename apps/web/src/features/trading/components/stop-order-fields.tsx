import { formatMessage, messages, type OrderSide } from '@exchange/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { formatAssetPrice } from '../../../lib/format';
import { sanitizeDecimal } from '../model/decimal-input';
import { LIMIT_QUOTE } from '../model/market-rules';
import { type OrderKind, type StopFormValues, triggerHint } from '../model/stop-orders';

function PriceInput({
  label,
  name,
  register,
  error,
  hint,
}: {
  readonly label: string;
  readonly name: 'stopPrice' | 'stopLimitPrice';
  readonly register: UseFormRegister<StopFormValues>;
  readonly error: string | undefined;
  readonly hint?: string | null;
}) {
  const field = register(name);
  return (
    <Input
      label={label}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      suffix={<span className="pr-2">{LIMIT_QUOTE}</span>}
      error={error}
      hint={hint ?? undefined}
      {...field}
      onChange={(event) => {
        event.target.value = sanitizeDecimal(event.target.value);
        return field.onChange(event);
      }}
    />
  );
}

/**
 * The fields a stop-limit or an OCO adds to the limit form (issue 48), under the kind picked in
 * 'Advanced': the stop price with one line saying when it triggers against the market's last trade
 * price ('Triggers when the last price falls to 62,000'), and for an OCO the stop leg's own limit
 * price, with a line on how the two legs cancel each other. The form's Limit Price is the price the
 * stop-limit enters the book at, or an OCO's limit leg.
 */
export function StopOrderFields({
  kind,
  side,
  coin,
  register,
  errors,
  stopPrice,
  lastPrice,
}: {
  readonly kind: OrderKind;
  readonly side: OrderSide;
  readonly coin: string;
  readonly register: UseFormRegister<StopFormValues>;
  readonly errors: FieldErrors<StopFormValues>;
  readonly stopPrice: string;
  readonly lastPrice: string | null;
}) {
  if (kind === 'limit') return null;
  const hint = triggerHint(stopPrice, lastPrice, formatAssetPrice(stopPrice, coin));
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-muted">
        {kind === 'oco'
          ? side === 'sell'
            ? messages.ocoSellHelp
            : messages.ocoBuyHelp
          : kind === 'stop_market'
            ? messages.stopMarketHelp
            : messages.stopLimitHelp}
      </p>
      {lastPrice ? (
        <p className="text-xs text-muted">
          {formatMessage(messages.stopLastPrice, { price: formatAssetPrice(lastPrice, coin) })}
        </p>
      ) : null}
      <PriceInput
        label="Stop price"
        name="stopPrice"
        register={register}
        error={errors.stopPrice?.message}
        hint={hint}
      />
      {kind === 'oco' ? (
        <PriceInput
          label="Stop-limit price"
          name="stopLimitPrice"
          register={register}
          error={errors.stopLimitPrice?.message}
        />
      ) : null}
    </div>
  );
}
