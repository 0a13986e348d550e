import { messages as m } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import { clientNetwork } from './client-address';
import { AppError } from './errors';

/**
 * Route config for a budget per signed-in user (per client network when there is no session, as on
 * a public route), counted in the shared PostgreSQL counters. Put it in a route's `config`.
 */
export function perUserLimit(maxPerMinute: number) {
  return {
    rateLimit: {
      max: maxPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) =>
        request.session?.userId ? `user:${request.session.userId}` : `address:${clientNetwork(request.ip)}`,
      errorResponseBuilder: () => new AppError('rate_limited', m.tooManyRequests),
    },
  };
}
