import { BINANCE_ERRORS } from '@exchange/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDbUnavailableError, isTransientDbError } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { BinanceApiError } from '../api-keys/binance-error';

/**
 * Every answer of the /api/v3 scope in Binance's error shape `{ code, msg }`: its own refusals as
 * thrown; a database that is busy or away 503 with -1001 (the client may retry); Fastify's own 4xx
 * (a bad body, an unsupported content type) -1000 with its status; anything else is a bug, logged,
 * 500 -1000. Other scopes keep the API's envelope.
 */
export function registerBinanceErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | BinanceApiError, request, reply) => {
    if (error instanceof BinanceApiError) return reply.code(error.httpStatus).send(error.toJSON());
    if (
      isTransientDbError(error) ||
      isDbUnavailableError(error) ||
      (error instanceof AppError && error.statusCode === 503)
    ) {
      request.log.warn({ err: error }, 'database busy or unavailable');
      return reply
        .code(503)
        .send({ code: -1001, msg: 'Internal error; unable to process your request. Please try again.' });
    }
    const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
    if (status < 500)
      return reply.code(status).send({ code: BINANCE_ERRORS.unknown.code, msg: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(BINANCE_ERRORS.unknown);
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ code: BINANCE_ERRORS.unknown.code, msg: 'Unknown endpoint.' }),
  );
}
