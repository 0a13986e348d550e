import { CoinIcon } from '../../../components/ui/coin-icon';
import { borderFor, controlClasses } from '../../../components/ui/field';
import type { SelectOption } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';

interface CurrencySelectProps {
  readonly label: string;
  readonly value: string;
  /** From coinOptions(). */
  readonly options: readonly SelectOption[];
  onChange(code: string): void;
}

/**
 * A native select (keyboard and mobile pickers for free) with the chosen coin's icon drawn inside it;
 * a native option cannot hold an image.
 */
export function CurrencySelect({ label, value, options, onChange }: CurrencySelectProps) {
  // Not useId: the calculator is hydrated as its own root over the prerendered page (app/landing-islands.tsx),
  // where React's generated ids would differ from the HTML's. One calculator per page, one select per label.
  const id = `currency-${label.toLowerCase()}`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <CoinIcon
          code={value}
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2"
        />
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(controlClasses, borderFor(), 'pl-10')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
