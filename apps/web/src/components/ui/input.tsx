import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { borderFor, controlClasses, describedBy, Field } from './field';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  readonly label?: ReactNode;
  readonly error?: string;
  readonly hint?: ReactNode;
  readonly ref?: Ref<HTMLInputElement>;
  /** Content shown inside the field at its end, such as a currency code. */
  readonly suffix?: ReactNode;
}

/**
 * A labelled text input with its validation message. Password inputs get a show/hide toggle,
 * which is a real button so keyboard users can reach it.
 */
export function Input({
  label,
  error,
  hint,
  id,
  type = 'text',
  className,
  suffix,
  ref,
  ...rest
}: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const trailing = isPassword ? (
    <button
      type="button"
      onClick={() => setRevealed((value) => !value)}
      aria-pressed={revealed}
      aria-label={revealed ? 'Hide password' : 'Show password'}
      aria-controls={inputId}
      className="rounded px-2 py-1 text-xs font-semibold text-muted hover:text-ink"
    >
      {revealed ? 'Hide' : 'Show'}
    </button>
  ) : (
    suffix
  );

  return (
    <Field id={inputId} label={label} error={error} hint={hint}>
      <div className="relative flex items-center">
        <input
          ref={ref}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          className={cn(controlClasses, borderFor(error), trailing ? 'pr-16' : undefined, className)}
          {...rest}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center text-sm text-muted">{trailing}</div>
        ) : null}
      </div>
    </Field>
  );
}
