import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  readonly title?: ReactNode;
  readonly actions?: ReactNode;
  /** Heading level of the title within the page (h2 under a page's h1 by default). */
  readonly headingLevel?: 2 | 3;
}

export function Card({ title, actions, headingLevel = 2, className, children, ...rest }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={cn('rounded-lg border border-line bg-surface p-4 sm:p-6', className)} {...rest}>
      {title || actions ? (
        <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title ? <Heading className="text-base font-semibold text-ink">{title}</Heading> : <span />}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}
