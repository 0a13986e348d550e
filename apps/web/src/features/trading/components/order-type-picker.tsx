import type { OrderType } from '@exchange/contracts';
import { cn } from '../../../lib/cn';

const labels: Record<OrderType, string> = { instant: 'Instant', limit: 'Limit' };

/**
 * Instant (the default) or limit, as native radio buttons styled as a segmented control. The limit
 * choice is not rendered at all for coins without limit orders (ADA, USDT, BUSD).
 */
export function OrderTypePicker({
  name,
  value,
  onChange,
  limitAllowed,
}: {
  readonly name: string;
  readonly value: OrderType;
  readonly onChange: (type: OrderType) => void;
  readonly limitAllowed: boolean;
}) {
  const choices: OrderType[] = limitAllowed ? ['instant', 'limit'] : ['instant'];
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-ink">Order type</legend>
      <div className="flex gap-2">
        {choices.map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex h-10 flex-1 cursor-pointer items-center justify-center rounded-md border text-sm font-medium',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
              value === choice
                ? 'border-accent bg-accent/15 text-accent'
                : 'border-line text-muted hover:text-ink',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="sr-only"
            />
            {labels[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
