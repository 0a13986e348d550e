import { messages } from '@exchange/contracts';
import { type ReactNode, useId } from 'react';
import { Select } from '../../../components/ui/select';
import { ORDER_KIND_OPTIONS, type OrderKind } from '../model/stop-orders';
import { type AdvancedChoice, TIME_IN_FORCE_OPTIONS } from '../model/time-in-force';

/**
 * A limit order's 'Advanced' section (issue 48), closed by default so a newcomer can ignore it: the
 * kind of order (a plain limit, a stop-limit or an OCO pair, whose own fields, `kindFields`, follow
 * the choice), how long the order stays (good till cancelled, immediate or cancel, fill or kill) and
 * 'Post only', each with one plain sentence. Post only rests or is refused, so it leaves only 'Good
 * till cancelled'; a stop waits off the book, so it is never post only; an OCO's legs stay until one
 * of them fills or triggers, so they are good till cancelled.
 */
export function AdvancedOrderOptions({
  value,
  onChange,
  open,
  onOpenChange,
  kindFields,
}: {
  readonly value: AdvancedChoice;
  readonly onChange: (choice: AdvancedChoice) => void;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly kindFields?: ReactNode;
}) {
  const id = useId();
  const kindLabel = ORDER_KIND_OPTIONS.find((option) => option.value === value.kind)?.label;
  const oco = value.kind === 'oco';
  const postOnlyAllowed = value.kind === 'limit';
  const pickKind = (kind: OrderKind) =>
    onChange({
      kind,
      timeInForce: kind === 'oco' ? 'gtc' : value.timeInForce,
      postOnly: kind === 'limit' ? value.postOnly : false,
    });
  return (
    <details
      className="rounded-md border border-line px-3 py-2"
      open={open}
      onToggle={(event) => onOpenChange(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-medium text-ink">
        <span>{messages.tifAdvanced}</span>
        {value.kind === 'limit' ? null : <span className="text-muted"> · {kindLabel}</span>}
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        <Select
          label={messages.orderKindLabel}
          options={ORDER_KIND_OPTIONS}
          value={value.kind}
          onChange={(event) => pickKind(event.target.value as OrderKind)}
        />
        {kindFields}
      </div>
      {/* A stop-market has no time in force: once triggered it is a market order. */}
      {value.kind === 'stop_market' ? null : (
        <fieldset className="mt-3 flex flex-col gap-2" disabled={oco}>
          <legend className="mb-1 text-sm font-medium text-ink">Time in force</legend>
          {TIME_IN_FORCE_OPTIONS.map((option) => {
            const disabled = oco || (value.postOnly && option.value !== 'gtc');
            return (
              <div key={option.value} className="text-sm">
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-tif`}
                    value={option.value}
                    checked={value.timeInForce === option.value}
                    disabled={disabled}
                    aria-describedby={`${id}-${option.value}`}
                    onChange={() => onChange({ ...value, timeInForce: option.value })}
                    className="size-4 accent-accent"
                  />
                  <span className={disabled ? 'text-muted' : 'text-ink'}>{option.label}</span>
                </label>
                <p id={`${id}-${option.value}`} className="ml-6 text-xs text-muted">
                  {option.help}
                </p>
              </div>
            );
          })}
        </fieldset>
      )}
      {postOnlyAllowed ? (
        <div className="mt-3 text-sm">
          <label className="flex items-center gap-2 text-ink">
            <input
              type="checkbox"
              checked={value.postOnly}
              aria-describedby={`${id}-post-only`}
              onChange={(event) =>
                onChange({
                  ...value,
                  timeInForce: event.target.checked ? 'gtc' : value.timeInForce,
                  postOnly: event.target.checked,
                })
              }
              className="size-4 accent-accent"
            />
            {messages.tifPostOnly}
          </label>
          <p id={`${id}-post-only`} className="ml-6 text-xs text-muted">
            {messages.tifPostOnlyHelp}
          </p>
        </div>
      ) : null}
    </details>
  );
}
