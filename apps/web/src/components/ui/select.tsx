import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';
import { borderFor, controlClasses, describedBy, Field } from './field';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
  readonly disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly label?: ReactNode;
  readonly error?: string;
  readonly hint?: ReactNode;
  readonly options: readonly SelectOption[];
  /** A first, empty choice such as 'Select country code'; picking it leaves the value empty. */
  readonly placeholder?: string;
  readonly ref?: Ref<HTMLSelectElement>;
}

/** A native select: it brings keyboard, screen reader and mobile pickers for free. */
export function Select({
  label,
  error,
  hint,
  options,
  placeholder,
  id,
  className,
  ref,
  ...rest
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <Field id={selectId} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        className={cn(controlClasses, borderFor(error), 'appearance-auto pr-8', className)}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          // Values may repeat (countries sharing a calling code); value and label together do not.
          <option key={`${option.value}-${option.label}`} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
