import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

interface NotBuiltYetProps {
  readonly title: string;
  readonly children?: ReactNode;
}

/**
 * An honest placeholder for a screen whose feature has not been built: the route, its guard and its
 * layout are real, the content is not. Nothing here pretends to work.
 */
export function NotBuiltYet({ title, children }: NotBuiltYetProps) {
  return (
    <div>
      <PageHeader title={title} />
      <div className="rounded-lg border border-dashed border-line bg-surface px-6 py-12 text-center">
        <p className="text-lg font-semibold text-ink">This screen is not built yet</p>
        <p className="mt-2 text-sm text-muted">
          {children ?? 'It will appear here once its feature is delivered.'}
        </p>
      </div>
    </div>
  );
}
