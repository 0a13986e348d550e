import { messages } from '@exchange/contracts';
import { useId } from 'react';
import { type AdvancedChoice, TIME_IN_FORCE_OPTIONS } from '../model/time-in-force';

/**
 * A limit order's 'Advanced' section (issue 48), closed by default so a newcomer can ignore it: how
 * long the order stays (good till cancelled, immediate or cancel, fill or kill) and 'Post only', each
 * with one plain sentence. Post only rests or is refused, so it leaves only 'Good till cancelled'.
 */
export function AdvancedOrderOptions({
  value,
  onChange,
}: {
  readonly value: AdvancedChoice;
  readonly onChange: (choice: AdvancedChoice) => void;
}) {
  const id = useId();
  return (
    <details className="rounded-md border border-line px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium text-ink">{messages.tifAdvanced}</summary>
      <fieldset className="mt-3 flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">Time in force</legend>
        {TIME_IN_FORCE_OPTIONS.map((option) => {
          const disabled = value.postOnly && option.value !== 'gtc';
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
      <div className="mt-3 text-sm">
        <label className="flex items-center gap-2 text-ink">
          <input
            type="checkbox"
            checked={value.postOnly}
            aria-describedby={`${id}-post-only`}
            onChange={(event) =>
              onChange({
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
    </details>
  );
}
