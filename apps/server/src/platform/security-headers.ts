import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** The headers helmet sets with our policy, collected once from its middleware. */
function securityHeaders(): Record<string, string> {
  const collected: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      collected[name] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return collected;
}

interface RequestLine {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * The security headers for each request: helmet's set (`securityHeaders`), decided once, and for the
 * landing page ('/') opened in a tab the person navigated there themselves (typed the address, a
 * bookmark, a home-screen icon: Sec-Fetch-Site `none`) or from one of our own pages (`same-origin`),
 * the same set without Cross-Origin-Opener-Policy. Both answers for '/' say they vary on those headers.
 *
 * Why: with COOP the browser puts the page in a browsing context group of its own, and in Chromium
 * that first document's window costs four to five times as much to set up (a plain page: 42–104 ms of
 * the main thread against 12–18 ms, on this machine). On a phone that is blocking time Lighthouse
 * counts after the first paint: '/' scored 85 (median of six) with COOP and 96 without, on the same
 * server (docs/performance.md, "The landing page without an opener policy").
 *
 * What COOP protects is a window's session from a page that holds a reference to it. The landing page
 * shows no account data. The app's pages always send the header; a navigation from our own COOP page
 * to '/' changes browsing context group anyway (the policies differ), which severs every reference; a
 * visit another site started (`cross-site`, `same-site`, or no Sec-Fetch-Site at all, as over plain
 * HTTP) keeps the header; and when some page opened the landing page's window, it hands over to the
 * app with a full page load (app/landing-islands.tsx), whose answer carries the policy. Left open,
 * knowingly: a tab in which another site opened a popup before the person typed our address there;
 * that popup keeps its reference while the landing page, and the app it hands over to in the same
 * document, are open.
 */
export function securityHeadersFor(): (request: RequestLine) => Readonly<Record<string, string>> {
  const headers = securityHeaders();
  const vary = { vary: 'sec-fetch-site, sec-fetch-dest' };
  const landing = { ...headers, ...vary };
  const direct = {
    ...Object.fromEntries(
      Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'cross-origin-opener-policy'),
    ),
    ...vary,
  };
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return headers;
    const query = request.url.indexOf('?');
    if ((query === -1 ? request.url : request.url.slice(0, query)) !== '/') return headers;
    const site = request.headers['sec-fetch-site'];
    const fromThePerson = site === 'none' || site === 'same-origin';
    return fromThePerson && request.headers['sec-fetch-dest'] === 'document' ? direct : landing;
  };
}
