import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeRealtime } from '../features/market/test/fakes';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeRealtime> | null }));

vi.mock('../lib/realtime', () => ({
  get realtime() {
    return fake.current?.client;
  },
}));

const { renderPage } = await import('../prerender');
const { hydrateIslands } = await import('./landing-islands');
const { appQueryClient } = await import('./preload-first-page');
const { topMarketsQueryKey } = await import('../features/market/api/get-top-markets');

/**
 * '/' is hydrated as islands (landing-islands.tsx): only the parts marked with components/island.tsx
 * become React roots over the prerendered HTML; the rest of the page stays the HTML it was. As in
 * prerender.test.tsx, React's development build reports any difference between the HTML and an
 * island's first render, and there must be none.
 */
const SHARED_REALM_WARNING = 'Detected multiple renderers concurrently rendering the same context provider';

let stop: (() => void) | null = null;

/** The page as on a tall screen: every island it watches is reported on the screen at once. */
class OnScreenObserver {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.report([{ target, isIntersecting: true } as IntersectionObserverEntry], this as never),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  fake.current = createFakeRealtime('idle');
  vi.stubGlobal('IntersectionObserver', OnScreenObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  act(() => stop?.());
  stop = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Whether React manages this element (it carries React's fiber once hydrated or rendered). */
const managedByReact = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

async function openLandingPage() {
  const html = await renderPage('/');
  // The server renderer leaves its last provider values in the shared context objects (see prerender.test.tsx).
  await prerender(<span />);
  const page = document.createElement('div');
  page.id = 'root';
  page.innerHTML = html;
  document.body.append(page);
  const spy = vi.spyOn(console, 'error');
  await act(async () => {
    stop = hydrateIslands(page);
  });
  const errors = () =>
    spy.mock.calls.map((call) => String(call[0])).filter((text) => !text.includes(SHARED_REALM_WARNING));
  return { page, errors };
}

describe("the landing page's islands", () => {
  it('hydrate only the live parts, without a mismatch, and those respond', async () => {
    const { page, errors } = await openLandingPage();
    expect(
      [...page.querySelectorAll('[data-island]')].map((island) => island.getAttribute('data-island')),
    ).toEqual(['header', 'hero-actions', 'calculator', 'carousel', 'markets', 'newsletter']);
    // The calculator is live: swapping moves the currencies.
    const swap = await screen.findByRole('button', { name: 'Swap direction' });
    await waitFor(() => expect(managedByReact(swap)).toBe(true));
    fireEvent.click(swap);
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue('USD'));
    // The rest is the HTML as it came: no part of the router's tree was hydrated around it.
    expect(managedByReact(screen.getByRole('heading', { level: 1 }))).toBe(false);
    expect(managedByReact(screen.getByRole('contentinfo'))).toBe(false);
    expect(managedByReact(page.querySelector('main') as Element)).toBe(false);
    expect(errors()).toEqual([]);
  });

  it('hydrate without a mismatch when the prices are already in the shared cache', async () => {
    // The islands share one query cache and hydrate one after another: on a slow phone the prices can
    // answer (for the first island that asked) before a later island hydrates. That island must still
    // render the HTML's placeholders while hydrating, then show the prices.
    appQueryClient.setQueryData(topMarketsQueryKey, [
      {
        name: 'Bitcoin',
        ticker: 'BTC',
        image_url: '/coins/btc.svg',
        lastPrice: '64429.74015095',
        priceChangePercent: '1.25',
        at: new Date().toISOString(),
      },
    ]);
    // React reports a hydration mismatch it recovered from to window.reportError, not the console.
    const reported: string[] = [];
    const onError = (event: ErrorEvent) => reported.push(String(event.message || event.error));
    window.addEventListener('error', onError);
    try {
      const { errors } = await openLandingPage();
      const markets = screen.getByRole('table', { name: /Top Cryptocurrency/i });
      // The table's code loads once it is near the screen (here at once, OnScreenObserver).
      await waitFor(() => expect(markets.textContent).toContain('64,429.74'), { timeout: 5_000 });
      expect(errors()).toEqual([]);
      expect(reported).toEqual([]);
    } finally {
      window.removeEventListener('error', onError);
      appQueryClient.clear();
    }
  });

  it('hydrate the prices and the carousel only when they come near the screen', async () => {
    // A phone's first screen: nothing the page watches is near it until the test says so.
    const watched = new Map<Element, IntersectionObserverCallback>();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly report: IntersectionObserverCallback) {}
        observe(target: Element) {
          watched.set(target, this.report);
        }
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    // The island's code is imported inside act, so its hydration is too.
    const comeNear = (target: Element, code: () => Promise<unknown>) =>
      act(async () => {
        watched.get(target)?.([{ target, isIntersecting: true } as IntersectionObserverEntry], {} as never);
        await code();
      });
    const { page, errors } = await openLandingPage();
    const swap = screen.getByRole('button', { name: 'Swap direction' });
    await waitFor(() => expect(managedByReact(swap)).toBe(true));
    const table = screen.getByRole('table', { name: /Top Cryptocurrency/i });
    const next = screen.getByRole('button', { name: 'Next coin' });
    expect(managedByReact(table)).toBe(false);
    expect(managedByReact(next)).toBe(false);

    const markets = page.querySelector('[data-island="markets"]')?.firstElementChild as Element;
    await comeNear(markets, () => import('../features/market/components/top-markets-table'));
    await waitFor(() => expect(managedByReact(table)).toBe(true), { timeout: 5_000 });
    expect(managedByReact(next)).toBe(false);
    const carousel = page.querySelector('[data-island="carousel"]')?.firstElementChild as Element;
    await comeNear(carousel, () => import('../features/market/components/coin-carousel'));
    await waitFor(() => expect(managedByReact(next)).toBe(true), { timeout: 5_000 });
    expect(errors()).toEqual([]);
  });

  it("the hero's Login starts the whole app at the sign-in page", async () => {
    const { errors } = await openLandingPage();
    const hero = screen.getByRole('region', { name: 'Buy, sell and stake crypto in one secure wallet' });
    const login = [...hero.querySelectorAll('a')].find((link) => link.textContent === 'Login') as HTMLElement;
    await waitFor(() => expect(managedByReact(login)).toBe(true));
    fireEvent.click(login);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 1, name: /Buy, sell and stake/ })).toBeNull();
    expect(errors()).toEqual([]);
  });

  it('in a window another page opened, Login is a full page load, never the app inside this page', async () => {
    vi.stubGlobal('opener', {});
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { errors } = await openLandingPage();
    const hero = screen.getByRole('region', { name: 'Buy, sell and stake crypto in one secure wallet' });
    const login = [...hero.querySelectorAll('a')].find((link) => link.textContent === 'Login') as HTMLElement;
    await waitFor(() => expect(managedByReact(login)).toBe(true));
    fireEvent.click(login);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();
    expect(errors()).toEqual([]);
  });

  it('a header anchor stays on the page and the phone menu closes', async () => {
    await openLandingPage();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await waitFor(() => expect(managedByReact(toggle)).toBe(true));
    fireEvent.click(toggle);
    const menu = await waitFor(() => {
      const found = document.getElementById('landing-mobile-menu');
      if (!found) throw new Error('no menu');
      return found;
    });
    const markets = [...menu.querySelectorAll('a')].find(
      (link) => link.textContent === 'Markets',
    ) as HTMLElement;
    fireEvent.click(markets);
    await waitFor(() => expect(document.getElementById('landing-mobile-menu')).toBeNull());
    expect(window.location.pathname).toBe('/');
    expect(window.location.hash).toBe('#markets');
  });
});
