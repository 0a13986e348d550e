import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';
import { borderFor, controlClasses, describedBy, Field } from './field';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  readonly label?: ReactNode;
  readonly error?: string;
  readonly hint?: ReactNode;
  readonly ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with its validation message, styled like Input. */
export function Textarea({ label, error, hint, id, className, ref, rows = 5, ...rest }: TextareaProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  return (
    <Field id={textareaId} label={label} error={error} hint={hint}>
      <textarea
        ref={ref}
        id={textareaId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(textareaId, error, hint)}
        className={cn(controlClasses, 'h-auto py-2', borderFor(error), className)}
        {...rest}
      />
    </Field>
  );
}
