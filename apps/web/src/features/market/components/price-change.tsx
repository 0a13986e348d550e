import { cn } from '../../../lib/cn';
import { formatPercent, isNegative } from '../../../lib/format';

/** A 24 h change: red when negative, green otherwise (spec), signed so colour is never the only cue. */
export function PriceChange({ value, className }: { readonly value: string; readonly className?: string }) {
  const negative = isNegative(value);
  return (
    <span
      data-direction={negative ? 'down' : 'up'}
      className={cn('font-medium tabular-nums', negative ? 'text-danger' : 'text-success', className)}
    >
      {formatPercent(value, 2, { signed: true })}
    </span>
  );
}
