import { cn } from '../../../lib/cn';

/**
 * A row of toggle buttons of which one is on (aria-pressed), named by a fieldset's legend for screen readers:
 * the chart's type and range pickers.
 */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  readonly label: string;
  readonly options: readonly { readonly id: T; readonly label: string }[];
  readonly value: T;
  readonly onChange: (id: T) => void;
}) {
  return (
    <fieldset className="m-0 inline-flex min-w-0 rounded-md border border-line bg-raised p-0.5">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={option.id === value}
          onClick={() => onChange(option.id)}
          className={cn(
            'h-7 min-w-10 rounded px-2.5 text-xs font-semibold transition-colors',
            option.id === value ? 'bg-accent text-on-accent' : 'text-muted hover:text-ink',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
