import type { ReactNode } from 'react';

/** Ids that tie a control to its label, hint and error so screen readers announce them together. */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint` };
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = fieldIds(id);
  const parts = [error ? ids.error : null, hint ? ids.hint : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

interface FieldProps {
  readonly id: string;
  readonly label?: ReactNode;
  readonly error?: string;
  readonly hint?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
}

/** Label above, control, then hint and the validation message below. */
export function Field({ id, label, error, hint, children, className }: FieldProps) {
  const ids = fieldIds(id);
  return (
    <div className={className ?? 'flex flex-col gap-1.5'}>
      {label ? (
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
      ) : null}
      {children}
      {hint ? (
        <p id={ids.hint} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A control's shape and text; its border colour comes from borderFor, never from here. */
export const controlClasses =
  'h-11 w-full rounded-md border bg-raised px-3 text-sm text-ink placeholder:text-muted/80 ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/**
 * A control's border colour in every state. An invalid control stays red while it has focus or the
 * pointer: Tailwind puts `focus-visible:` and `hover:` rules after plain ones, so a focus colour
 * shared with the valid look painted a field gold while its message said it was wrong (issue 47's
 * withdraw address). The keyboard ring is the base `:focus-visible` outline, so focus still shows.
 */
export function borderFor(error?: string): string {
  return error ? 'border-danger' : 'border-line hover:border-muted focus-visible:border-accent';
}
