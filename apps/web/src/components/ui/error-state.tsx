import { messages } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { Button } from './button';

interface ErrorStateProps {
  readonly title?: ReactNode;
  readonly message?: ReactNode;
  readonly onRetry?: () => void;
}

export function ErrorState({
  title = 'Could not load this',
  message = messages.somethingWentWrong,
  onRetry,
}: ErrorStateProps) {
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-4 py-10 text-center">
      <svg
        viewBox="0 0 24 24"
        className="size-10 text-danger"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
      </svg>
      <p className="font-semibold text-ink">{title}</p>
      <p className="text-sm text-muted">{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
