import { messages, QUOTE_USE_REJECTIONS, REJECTIONS, type RejectionCode } from '@exchange/contracts';
import type { QuoteUseRejection } from '@exchange/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDbUnavailableError, isTransientDbError } from './db';

/** The HTTP status of each rejection code (the catalogue in contracts). */
export function statusOf(code: RejectionCode): number {
  return REJECTIONS[code].status;
}

/**
 * An expected rejection that reaches the HTTP edge: answered with its code's status and the message
 * (the rejection's own, usually a catalogue text, or the code's default), never a 500.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** `status` overrides the code's own only where a flow keeps an older answer (sign-in's code step: 401). */
  constructor(
    readonly code: RejectionCode,
    message: string = REJECTIONS[code].message,
    status: number = statusOf(code),
  ) {
    super(message);
    this.statusCode = status;
  }
}

/** True when a string anywhere in a parsed query, body or path holds U+0000. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(inner, depth + 1)) return true;
  }
  return false;
}

export function registerErrorHandler(app: FastifyInstance): void {
  // PostgreSQL text cannot hold U+0000, so such input would fail deep in a query as a 500: it is
  // refused at the edge for every route instead (found by the schema fuzzer on a search term).
  app.addHook('preValidation', async (request, reply) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      return reply.code(400).send({ status: false, message: messages.textHoldsNul, code: 'bad_request' });
    }
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ status: false, message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[key] ??= issue.message ?? 'invalid';
      }
      const first = error.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ status: false, message: first, code: 'validation_failed', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ status: false, message: REJECTIONS.internal.message, code: 'internal' });
    }
    // A deadlock, serialization failure or timeout rolled the work back: the client may simply retry.
    if (isTransientDbError(error)) {
      request.log.warn({ err: error }, 'transient database failure');
      return reply.code(503).send({ status: false, message: REJECTIONS.db_busy.message, code: 'db_busy' });
    }
    // PostgreSQL is stopped or restarting: whether a commit in flight landed is unknown, so the answer
    // does not promise that nothing changed; the pool reconnects once the database is back.
    if (isDbUnavailableError(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .send({ status: false, message: REJECTIONS.db_unavailable.message, code: 'db_unavailable' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ status: false, message: REJECTIONS.internal.message, code: 'internal' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, ...).
    const code = status === 413 ? 'payload_too_large' : status === 429 ? 'rate_limited' : 'bad_request';
    return reply.code(status).send({ status: false, message: error.message, code });
  });
}

/**
 * Errors the router raises before any route runs (a malformed URL, a path parameter over the length
 * limit): answered with the same envelope as every other 4xx instead of Fastify's own shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .send({ status: false, message: REJECTIONS.bad_request.message, code: 'bad_request' });
}

/**
 * Unknown API paths get a 404 envelope; with a built web app, other GETs get its page `spaFallback`
 * (the app's HTML without the landing page's preloads, see apps/web/vite.config.ts).
 */
export function registerNotFoundHandler(app: FastifyInstance, spaFallback: string | null): void {
  app.setNotFoundHandler((request, reply) => {
    if (spaFallback && request.method === 'GET' && !request.url.startsWith('/api/'))
      return reply.sendFile(spaFallback);
    return reply.code(404).send({
      status: false,
      message: `Route ${request.method} ${request.url} not found`,
      code: 'not_found',
    });
  });
}

/** The answer to a quote that cannot be used, from the catalogue. */
export function quoteUseError(reason: QuoteUseRejection): AppError {
  const { code, message } = QUOTE_USE_REJECTIONS[reason];
  return new AppError(code, message);
}
