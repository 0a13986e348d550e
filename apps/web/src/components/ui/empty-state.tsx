import { messages } from '@exchange/contracts';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  readonly message?: ReactNode;
  readonly description?: ReactNode;
  readonly action?: ReactNode;
}

export function EmptyState({ message = messages.noDataFound, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-4 py-10 text-center">
      <svg
        viewBox="0 0 24 24"
        className="size-10 text-line"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M3 7l9-4 9 4-9 4-9-4z M3 7v10l9 4 9-4V7" strokeLinejoin="round" />
      </svg>
      <p className="font-medium text-ink">{message}</p>
      {description ? <p className="text-sm text-muted">{description}</p> : null}
      {action}
    </div>
  );
}
