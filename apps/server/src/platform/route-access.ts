import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Guards } from './auth';

/** Who may call a route: anyone, any signed-in user, a KYC-verified user, or an administrator. */
export type RouteAccess = 'public' | 'user' | 'kyc' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the scope the route is registered in (see `declareAccess`). */
    access?: RouteAccess;
  }
}

/** One registered route as the security suite sees it: method, full URL, access and schemas. */
export interface RouteEntry {
  readonly method: string;
  readonly url: string;
  readonly websocket: boolean;
  readonly access: RouteAccess | undefined;
  readonly schema: RouteOptions['schema'];
}

/** Every route the app registered, in registration order; filled by `recordRoutes`. */
export type RouteTable = ReadonlyArray<RouteEntry>;

/**
 * Makes a scope's access level a declaration: the guard it implies is installed, and every route
 * registered in the scope (or its children) carries `config.access`, which the route table reads.
 * A route that already names another access in its own config is refused at registration, so a
 * declaration can never disagree with the guard that enforces it.
 */
export function declareAccess(scope: FastifyInstance, access: RouteAccess, guards: Guards): void {
  const guard =
    access === 'user'
      ? guards.requireUser
      : access === 'kyc'
        ? guards.requireKyc
        : access === 'admin'
          ? guards.requireAdmin
          : undefined;
  if (guard) scope.addHook('onRequest', guard);
  scope.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    if (declared && declared !== access)
      throw new Error(`${route.method} ${route.url} declares ${declared} access in a ${access} scope`);
    route.config = { ...route.config, access };
  });
}

/**
 * Records every route registered on the app from now on. The entries read the route's options when
 * asked, because the scope's own hook (which stamps the access) runs after this root-level one.
 */
export function recordRoutes(app: FastifyInstance): RouteTable {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      table.push({
        method,
        get url() {
          return route.url;
        },
        get websocket() {
          return (route as { websocket?: boolean }).websocket === true;
        },
        get access() {
          return route.config?.access;
        },
        get schema() {
          return route.schema;
        },
      });
    }
  });
  return table;
}

/** The API's own routes (under `prefix`) that were registered outside every access scope. */
export function undeclaredRoutes(table: RouteTable, prefix: string): RouteEntry[] {
  return table.filter((route) => route.url.startsWith(prefix) && route.access === undefined);
}

/** Refuses to build an app with an API route whose access nobody declared. */
export function assertEveryRouteDeclaresAccess(table: RouteTable, prefix: string): void {
  const missing = undeclaredRoutes(table, prefix);
  if (missing.length > 0)
    throw new Error(
      `routes without a declared access: ${missing.map((route) => `${route.method} ${route.url}`).join(', ')}`,
    );
}
