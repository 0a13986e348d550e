import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** A router update the app asks to flush at once (`flushSync: true`) is rendered synchronously. */
const flushRouterUpdate = (update: () => unknown): undefined => {
  flushSync(update);
};

/**
 * The whole app. The browser uses the history router; the build's prerender (prerender.tsx) hands in
 * a memory router at '/', so both render the same component tree and the browser can hydrate the
 * prerendered HTML. `flushSync` is what `react-router/dom`'s RouterProvider adds; passing it here
 * keeps one import of the router, which the tests' Node loader would otherwise load as two copies
 * (CommonJS for one entry, ES modules for the other) whose contexts do not meet.
 */
export function App({
  createRouter = createAppRouter,
  queryClient,
}: {
  readonly createRouter?: () => AppRouter;
  /** The cache to use, when something (preload-first-page.ts) has started filling it already. */
  readonly queryClient?: QueryClient;
}) {
  const [router] = useState(createRouter);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} flushSync={flushRouterUpdate} />
    </AppProvider>
  );
}
