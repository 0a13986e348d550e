import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeRealtime } from './features/market/test/fakes';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeRealtime> | null }));

vi.mock('./lib/realtime', () => ({
  get realtime() {
    return fake.current?.client;
  },
}));

const { App } = await import('./app/app');
const { renderPage } = await import('./prerender');

/**
 * The build renders '/' to HTML (prerender.tsx) and the browser hydrates it (main.tsx). React's
 * development build reports every difference between that HTML and the browser's first render (text,
 * attributes, elements) as a console error or a recoverable error; there must be none, signed out or
 * signed in, or React throws the HTML away and the page paints twice.
 */
let root: Root | null = null;

beforeEach(() => {
  fake.current = createFakeRealtime('idle');
  // Data arrives after hydration; here it never does, so the first render is all there is to compare.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * Here, unlike in the build and the browser, the server renderer and the browser's share one
 * JavaScript realm and so the context objects. React's server renderer leaves the last provider
 * values in them when it finishes and only resets them at the start of its next render, so a trivial
 * one runs first; its development build also marks each context it used, which the browser renderer
 * then reports as "multiple renderers" (not a hydration problem, so that one message is let through).
 */
async function resetServerContexts() {
  await prerender(<span />);
}
const SHARED_REALM_WARNING = 'Detected multiple renderers concurrently rendering the same context provider';

/** Renders '/' as the build does, then hydrates it as the browser does; `visit` sets up the visitor in between. */
async function hydrateLandingPage(visit: () => void = () => undefined) {
  const html = await renderPage('/');
  await resetServerContexts();
  visit();
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const spy = vi.spyOn(console, 'error');
  const errors = () =>
    spy.mock.calls.map((call) => String(call[0])).filter((text) => !text.includes(SHARED_REALM_WARNING));
  const recoverable = vi.fn();
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App />
      </StrictMode>,
      { onRecoverableError: recoverable },
    );
  });
  return { html, errors, recoverable };
}

describe('the prerendered landing page', () => {
  it('is the page itself, not its loading spinner', async () => {
    const html = await renderPage('/');
    expect(html).toContain('Buy, sell and stake crypto in one secure wallet');
    expect(html).toContain('Subscribe to our newsletter');
    // The form itself joins after hydration (support-section.tsx).
    expect(html).not.toContain('aria-label="Newsletter"');
    expect(html).not.toContain('<script');
  });

  it('hydrates for a visitor without a mismatch, and then responds', async () => {
    const { errors, recoverable } = await hydrateLandingPage();
    // The calculator lives in the lazily loaded page: once hydrated, swapping moves the currencies.
    fireEvent.click(await screen.findByRole('button', { name: 'Swap direction' }));
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue('USD'));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors()).toEqual([]);
  });

  it('hydrates for a signed-in visitor as the HTML was, then checks the session', async () => {
    const { errors, recoverable } = await hydrateLandingPage(() =>
      window.localStorage.setItem('access_token', 'a-stored-token'),
    );
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/auth/me'), expect.anything()),
    );
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors()).toEqual([]);
  });
});
