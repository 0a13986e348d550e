import type { ReactNode } from 'react';

/** The parts of the landing page that react to a person; each is hydrated as its own root on '/'. */
export type IslandName = 'header' | 'hero-actions' | 'calculator' | 'carousel' | 'markets' | 'newsletter';

/**
 * Marks a live part of the prerendered landing page. On '/' the browser does not hydrate the whole
 * app: app/landing-islands.tsx finds these wrappers in the HTML and hydrates only what they hold, each
 * as a small root, and leaves the rest of the page (text, pictures, footer) as the HTML drew it.
 * `display: contents` keeps the wrapper out of the layout, so the page looks the same with it.
 */
export function Island({ name, children }: { readonly name: IslandName; readonly children: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
