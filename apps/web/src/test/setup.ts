import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait up to 10 s instead of 1 s: a busy machine renders slowly, and waiting longer
// only costs time when a test is about to fail anyway.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling; the app scrolls to the top on every route and page change.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = () => undefined;
// jsdom has no matchMedia; the carousels ask it for their breakpoints. Every query answers "no match".
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
// Nor the observers the carousel watches its slides with; nothing is ever observed to change.
class StillObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= StillObserver as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= StillObserver as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
