import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { createPath, type Location, type Navigator, parsePath, Router, type To } from 'react-router';
import type { FirstNavigation } from './start-app';

/**
 * The router the landing page's islands run under. They use links and the location (the header's
 * menu closes when it changes), but not the app's routes: a link to '/' or one of its anchors stays
 * on this page, and a link anywhere else hands over to the whole app, which `leave` starts.
 */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
  };
}

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * A move within '/': to an anchor it scrolls to that section (again, when it is the same one), to the
 * page itself it scrolls to the top, as the app's router does (root-layout.tsx, landing-page.tsx).
 */
function moveWithinPage(target: Partial<Location>, replace: boolean) {
  const hash = target.hash ?? '';
  const url = createPath({ pathname: window.location.pathname, search: target.search ?? '', hash });
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  for (const listener of listeners) listener();
  const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (section) section.scrollIntoView({ block: 'start' });
  else window.scrollTo(0, 0);
}

export function createIslandNavigator(leave: (first: FirstNavigation) => void): Navigator {
  const go = (to: To, state: unknown, replace: boolean) => {
    const target = typeof to === 'string' ? parsePath(to) : to;
    if (!target.pathname || target.pathname === window.location.pathname) moveWithinPage(target, replace);
    else leave({ to, state, replace });
  };
  return {
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    go: (delta) => window.history.go(delta),
    push: (to, state) => go(to, state, false),
    replace: (to, state) => go(to, state, true),
  };
}

/**
 * A tap on a plain link of the page (the static sections and the footer are not hydrated, so their
 * links are bare anchors) goes through the same navigator instead of loading a new document.
 */
export function followStaticLinks(navigator: Navigator): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigator.push({ pathname: url.pathname, search: url.search, hash: url.hash });
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}

export function IslandRouter({
  navigator,
  children,
}: {
  readonly navigator: Navigator;
  readonly children: ReactNode;
}) {
  const url = useSyncExternalStore(subscribe, here, here);
  const location = useMemo<Location>(() => {
    const { pathname = '/', search = '', hash = '' } = parsePath(url);
    return { pathname, search, hash, state: null, key: url };
  }, [url]);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
