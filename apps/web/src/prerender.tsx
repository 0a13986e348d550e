import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';

/**
 * Renders a public page to HTML at build time (the `exchange:prerender` plugin in vite.config.ts puts
 * it into index.html), so a phone paints the landing page from the HTML before any script has run,
 * and main.tsx hydrates it. It is rendered as a visitor sees it: signed out, and with placeholders
 * where live figures go, since prices at build time would be wrong by the time anyone reads them.
 * `prerender` waits for the lazy page chunks, so the page itself is in the HTML, not its spinner.
 */
export async function renderPage(url: string): Promise<string> {
  const errors: unknown[] = [];
  const router = () => createMemoryRouter(routes, { initialEntries: [url] });
  const { prelude } = await prerender(
    <StrictMode>
      <App createRouter={router} />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // React would otherwise outline a large Suspense boundary (the page) behind its spinner and an
      // inline script that swaps it in, which suits streaming; a finished page wants plain HTML.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  // A component that throws here would only show its fallback in the HTML; the build should fail instead.
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${url} failed`);
  return new Response(prelude).text();
}
