import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export interface SearchBoxProps {
  /** What is searched, for screen readers ('Search Transactions'). */
  readonly label: string;
  readonly value: string;
  /**
   * Every change of the box's text, as typed. On change, not key-up: pasting with the mouse or the
   * box's own clear button types no key.
   */
  readonly onChange: (value: string) => void;
  readonly placeholder?: string;
  /** With it, a Clear Filter button beside the box empties it (the spec's user lists). */
  readonly onClear?: () => void;
  readonly className?: string;
}

/**
 * The one search box of every searched list: the user lists, the admin lists and the coin pickers.
 * The caller decides what a term matches (rows in hand or the server's search).
 */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder = 'Search',
  onClear,
  className,
}: SearchBoxProps) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-1 items-center gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        placeholder={placeholder}
        className="h-10 w-full min-w-0 flex-1 rounded-md border border-line bg-raised px-3 text-sm text-ink placeholder:text-muted/80 focus-visible:border-accent sm:max-w-sm"
      />
      {onClear ? (
        <Button variant="secondary" onClick={onClear}>
          Clear Filter
        </Button>
      ) : null}
    </div>
  );
}
