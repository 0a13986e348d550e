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
 * keeps one import of the router, which Node (the prerender, the tests) would otherwise load twice.
 */
export function App({ createRouter = createAppRouter }: { readonly createRouter?: () => AppRouter }) {
  const [router] = useState(createRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} flushSync={flushRouterUpdate} />
    </AppProvider>
  );
}
