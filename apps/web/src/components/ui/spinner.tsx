import { cn } from '../../lib/cn';

interface SpinnerProps {
  readonly className?: string;
  /** Read by screen readers; pass an empty string when a visible text already says it. */
  readonly label?: string;
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <svg
        className={cn('size-4 animate-spin', className)}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** A centred spinner for a whole page or panel that is still loading. */
export function PageSpinner({ label = 'Loading' }: { readonly label?: string }) {
  return (
    // A full screen tall, so the footer stays below the fold until the page arrives instead of being
    // pushed down by it (Lighthouse counted that as most of the pages' layout shift).
    <div className="flex min-h-screen items-center justify-center text-muted">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
