import { messages as m } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import { clientNetwork } from './client-address';
import { AppError } from './errors';

/**
 * Route config for a budget per signed-in user (per client network when there is no session, as on
 * a public route), counted in the shared PostgreSQL counters. Put it in a route's `config`.
 */
export function perUserLimit(maxPerMinute: number) {
  return perUserBudget(maxPerMinute, 60_000, m.tooManyRequests);
}

/**
 * The same per-user budget over any window, refused with `message` (429 'rate_limited'). The plugin
 * refuses before the body is read, so a refused call writes nothing.
 */
export function perUserBudget(max: number, windowMs: number, message: string) {
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      keyGenerator: (request: FastifyRequest) =>
        request.session?.userId ? `user:${request.session.userId}` : `address:${clientNetwork(request.ip)}`,
      errorResponseBuilder: () => new AppError('rate_limited', message),
    },
  };
}
