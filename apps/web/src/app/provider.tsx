import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { useHydrated } from '../lib/use-hydrated';

/**
 * The toast library is a sixth of the shell's script and no page shows a toast before its first
 * interaction, so the region loads after the first render instead of in every page's first load.
 * Pages import `toast` statically; they share the one module instance with this region.
 */
const Toaster = lazy(async () => ({ default: (await import('../components/ui/toaster')).Toaster }));

/**
 * What every screen can rely on: the query cache and the toast region. The region is not part of the
 * prerendered landing page (it is empty until a toast comes), so it joins once that page is hydrated.
 */
export function AppProvider({
  children,
  queryClient: given,
}: {
  readonly children: ReactNode;
  readonly queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {hydrated ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
