import { timingSafeEqual } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config';

/**
 * What the server shows about itself beyond the API. Outside production both are open for whoever
 * runs it; in production the API reference is off unless API_DOCS=on, and /metrics answers only the
 * scraper holding METRICS_TOKEN (without one it is 404: the figures are nobody's business).
 */

/** The OpenAPI reference at /api/docs, generated from the route schemas. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: { info: { title: 'Exchange API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** Guards the scope that serves /metrics, as the config says. */
export function guardMetrics(
  scope: FastifyInstance,
  config: Pick<Config, 'metricsToken' | 'metricsPublic'>,
): void {
  if (config.metricsToken) {
    const expected = Buffer.from(`Bearer ${config.metricsToken}`);
    scope.addHook('onRequest', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      // Constant time, so the token cannot be guessed a character at a time from answer times.
      const same = given.length === expected.length && timingSafeEqual(given, expected);
      if (!same) await reply.code(401).send('unauthorized\n');
    });
  } else if (!config.metricsPublic) {
    scope.addHook('onRequest', async (_request, reply) => {
      await reply.code(404).send('not found\n');
    });
  }
}
