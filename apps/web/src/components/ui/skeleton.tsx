import { cn } from '../../lib/cn';

/** A grey placeholder shaped like the content that is loading; hidden from screen readers. */
export function Skeleton({ className }: { readonly className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded bg-raised', className ?? 'h-4 w-full')} />
  );
}

/** A few lines of placeholder text for a panel that is loading. */
export function SkeletonText({ lines = 3 }: { readonly lines?: number }) {
  return (
    <div className="flex flex-col gap-2" role="status" aria-label="Loading">
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity but their position
        <Skeleton key={index} className={cn('h-4', index === lines - 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}
