import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { To } from 'react-router';
import { App } from './app';
import { appQueryClient } from './preload-first-page';
import { createAppRouter } from './router';

/** Where the person was going when the whole app was asked for (a tap on the islands page). */
export interface FirstNavigation {
  readonly to: To;
  readonly state?: unknown;
  readonly replace?: boolean;
}

/**
 * Renders the whole app (router, layouts, pages) into the root. Every page but '/' starts here, into
 * app.html's empty root, inside a transition so the first render yields to the browser. On '/' it
 * starts at the visitor's first tap on a link (app/landing-islands.tsx): the router goes to that page
 * first and the app then replaces the islands page in one synchronous render, so no frame shows an
 * empty page between the two. The query cache is the one the islands used (prices, the session).
 */
export async function startApp(root: HTMLElement, first?: FirstNavigation): Promise<void> {
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <App queryClient={appQueryClient} createRouter={() => router} />
    </StrictMode>
  );
  if (!first) {
    startTransition(() => createRoot(root).render(app));
    return;
  }
  await router.navigate(first.to, { state: first.state, replace: first.replace });
  flushSync(() => createRoot(root).render(app));
}
