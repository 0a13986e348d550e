import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { cn } from '../../lib/cn';
import { describedBy, fieldIds } from './field';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  readonly label: ReactNode;
  readonly error?: string;
  readonly ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, error, id, className, ref, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="inline-flex cursor-pointer items-center gap-2 text-sm text-ink">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error)}
          className="size-4 cursor-pointer rounded border-line accent-accent"
          {...rest}
        />
        {label}
      </label>
      {error ? (
        <p id={fieldIds(inputId).error} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
