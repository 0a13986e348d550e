import { messages as m } from '@exchange/contracts';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodApi } from '../../platform/app-context';
import { clientNetwork } from '../../platform/client-address';
import { AppError } from '../../platform/errors';

/**
 * Two budgets guard each sign-in route: one per client address (a crawler hammering many accounts)
 * and one per e-mail address (many addresses guessing one account's password or code). The address
 * comes from `request.ip`, which honours X-Forwarded-For only when TRUST_PROXY names the proxy, so a
 * forged header cannot buy a fresh budget; an IPv6 client's whole /64 shares one budget. Counters live
 * in PostgreSQL (platform/counters.ts), so every server process enforces the same budget.
 */

const MINUTE_MS = 60_000;

function tooManyRequests(): AppError {
  return new AppError('rate_limited', m.tooManyRequests);
}

/** Route config for the per-address budget; the plugin checks it before the body is even read. */
export function perAddressLimit(maxPerMinute: number) {
  return { rateLimit: { max: maxPerMinute, timeWindow: MINUTE_MS, errorResponseBuilder: tooManyRequests } };
}

/**
 * The route and the lower-cased e-mail of a JSON body, before validation (a malformed body still
 * counts). The route is part of the key because every such limiter shares one counter table.
 */
function accountKey(request: FastifyRequest): string {
  const body = request.body;
  const email = body && typeof body === 'object' && 'email' in body ? body.email : undefined;
  const normalised = typeof email === 'string' ? email.trim().toLowerCase() : '';
  const route = request.routeOptions.url ?? request.url;
  return normalised ? `${route}|account:${normalised}` : `${route}|address:${clientNetwork(request.ip)}`;
}

/**
 * A preValidation hook with the per-account budget. The plugin runs only one limiter per request from
 * route config, and the e-mail is only known once the body is parsed, so this one is a manual check.
 * Call it once per route at registration: each call keeps its own counters.
 */
export function perAccountLimit(app: ZodApi, maxPerMinute: number): preValidationAsyncHookHandler {
  const check = app.createRateLimit({ max: maxPerMinute, timeWindow: MINUTE_MS, keyGenerator: accountKey });
  return async (request, reply) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw tooManyRequests();
    }
  };
}
