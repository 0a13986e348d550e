import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** The headers helmet sets with our policy, collected once from its middleware. */
export function securityHeaders(): Record<string, string> {
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
