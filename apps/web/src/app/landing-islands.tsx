import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createPath } from 'react-router';
import type { IslandName } from '../components/island';
import { ExchangeCalculator } from '../features/landing/components/exchange-calculator';
import { HeroActions } from '../features/landing/components/hero';
import { LazyNewsletterForm } from '../features/landing/components/support-section';
import { SessionProvider } from '../features/session/session-provider';
import { takeEarlyTaps } from '../lib/early-taps';
import { createIslandNavigator, followStaticLinks, IslandRouter } from './island-router';
import { LandingHeader } from './layouts/landing-header';
import { appQueryClient } from './preload-first-page';
import type { FirstNavigation } from './start-app';

/** What each island of the prerendered page (components/island.tsx) holds, as the whole app renders it there. */
const islands: Partial<Record<IslandName, () => ReactNode>> = {
  header: () => <LandingHeader />,
  'hero-actions': () => <HeroActions />,
  calculator: () => <ExchangeCalculator />,
  newsletter: () => <LazyNewsletterForm />,
};

/**
 * The live prices sit below a phone's first screen (the carousel about one and a half screens down,
 * the table three), and they were most of what '/' did after its first paint there: their code (the
 * carousel library, the live channel and the schemas its frames are checked with), the WebSocket, and
 * a render, style and layout at every tick of every price and every turn of the carousel, all while
 * the person reads the hero. Their code is loaded, and they are hydrated, when they come near the
 * screen (at once where they are on it, as on a wide screen); until then the HTML shows their coins.
 */
const islandsNearTheScreen: Partial<Record<IslandName, () => Promise<() => ReactNode>>> = {
  carousel: async () => {
    const { CoinCarousel } = await import('../features/market/components/coin-carousel');
    return () => <CoinCarousel />;
  },
  markets: async () => {
    const { TopMarketsTable } = await import('../features/market/components/top-markets-table');
    return () => <TopMarketsTable />;
  },
};

/** How near the screen (below it) a deferred island starts: about a quarter of a phone's screen. */
const NEAR_THE_SCREEN = '0px 0px 200px 0px';

const Toaster = lazy(async () => ({ default: (await import('../components/ui/toaster')).Toaster }));

const loadApp = () => import('./start-app');

/**
 * '/' on its first load. Hydrating the whole prerendered app (router, layouts, every section) was most
 * of the landing page's script on a phone, although only a few parts of it react to a person. Here
 * only those parts (the islands: header, hero buttons, calculator, carousel, prices, newsletter) are
 * hydrated, each as its own root over its HTML (the newsletter once it is near the screen); the rest
 * stays as the HTML drew it. They share the app's query cache (so one request each for prices and the
 * session) and a router of their own (island-router.tsx). A tap on a link to another page starts the whole app at that page
 * (start-app.tsx), which takes over the root; until then its code is not even loaded, only warmed up
 * when a pointer or focus reaches a link.
 */
export function hydrateIslands(page: HTMLElement): () => void {
  const roots: Root[] = [];
  let leaving = false;
  const stopWaiting: (() => void)[] = [];
  const leave = (first: FirstNavigation) => {
    if (leaving) return;
    leaving = true;
    for (const stop of stopWaiting) stop();
    const fullLoad = () =>
      window.location.assign(typeof first.to === 'string' ? first.to : createPath(first.to));
    // '/' may come without an opener policy (the server's security-headers.ts); a window some page
    // opened is still that page's to reach, so the app starts there by a full load, whose answer
    // carries the policy and ends the reference before a session lives in the page.
    if (window.opener) return fullLoad();
    loadApp().then(
      async ({ startApp }) => {
        stopFollowing();
        await startApp(page, first);
        for (const root of roots) root.unmount();
      },
      // The app's code could not be fetched (a dropped connection): the page is still a link away.
      fullLoad,
    );
  };
  // An island still hydrating when the person taps a link (a slow phone) is unmounted before it finished,
  // which React reports as an update before hydration: nothing is wrong then, as the whole app has taken
  // the page over. Any other recoverable error is reported as React would.
  const onRecoverableError = (error: unknown) => {
    if (leaving) return;
    if (typeof window.reportError === 'function') window.reportError(error);
    else console.error(error);
  };
  const navigator = createIslandNavigator(leave);
  const stopFollowing = followStaticLinks(navigator);
  warmUpOnLinks();

  // Buttons tapped before this script ran are answered once their island is hydrated (lib/early-taps.ts).
  takeEarlyTaps();
  // Each in a transition: hydration yields to the browser every few milliseconds.
  const hydrate = (element: HTMLElement, render: () => ReactNode) =>
    startTransition(() => {
      if (leaving) return;
      const island = (
        <StrictMode>
          <QueryClientProvider client={appQueryClient}>
            <SessionProvider>
              <IslandRouter navigator={navigator}>{render()}</IslandRouter>
            </SessionProvider>
          </QueryClientProvider>
        </StrictMode>
      );
      roots.push(hydrateRoot(element, island, { onRecoverableError }));
    });
  for (const element of page.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island as IslandName;
    const render = islands[name];
    const load = islandsNearTheScreen[name];
    if (load)
      stopWaiting.push(
        whenNear(
          element,
          () => void load().then((loaded) => hydrate(element, loaded), onRecoverableError),
          NEAR_THE_SCREEN,
        ),
      );
    else if (!render) continue;
    else if (name === 'newsletter') stopWaiting.push(whenNear(element, () => hydrate(element, render)));
    else hydrate(element, render);
  }

  // Only the newsletter shows toasts: their region (and its library) joins when someone reaches the form.
  const newsletter = page.querySelector('[data-island="newsletter"]');
  const mountToasts = () => {
    newsletter?.removeEventListener('focusin', mountToasts);
    newsletter?.removeEventListener('pointerdown', mountToasts);
    const host = document.createElement('div');
    page.append(host);
    const root = createRoot(host);
    root.render(
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>,
    );
    roots.push(root);
  };
  newsletter?.addEventListener('focusin', mountToasts);
  newsletter?.addEventListener('pointerdown', mountToasts);

  // The islands' teardown (tests): unmounts them and stops following links.
  return () => {
    for (const stop of stopWaiting) stop();
    stopFollowing();
    for (const root of roots) root.unmount();
  };
}

/**
 * Runs `act` once `element` comes within `rootMargin` of the viewport (a screen by default; at once
 * where the browser cannot tell). The newsletter sits at the foot of the page, and its form brings a form library, its schema
 * and the toasts: on a phone that was a long task in the first seconds for a form nobody had reached.
 */
function whenNear(element: Element, act: () => void, rootMargin = '100% 0px'): () => void {
  if (typeof IntersectionObserver !== 'function') {
    act();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      act();
    },
    { rootMargin },
  );
  // An island's wrapper has no box of its own (display: contents), so what it holds is watched.
  observer.observe(element.firstElementChild ?? element);
  return () => observer.disconnect();
}

/** The app's code starts loading when a pointer or the focus reaches a link, before the tap itself. */
function warmUpOnLinks() {
  const warm = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href]')) return;
    for (const type of ['pointerover', 'pointerdown', 'focusin'])
      document.removeEventListener(type, warm, true);
    void loadApp();
  };
  for (const type of ['pointerover', 'pointerdown', 'focusin']) document.addEventListener(type, warm, true);
}
