import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * One table maps each rejection code to its HTTP status. Messages come from the domain's rejection
 * (usually a catalogue text) so the client can show them as they are.
 */
export const STATUS_BY_CODE: Record<string, number> = {
  validation_failed: 400,
  bad_request: 400,
  referral_invalid: 400,
  current_password_wrong: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  token_invalid: 401,
  email_not_verified: 403,
  account_disabled: 403,
  forbidden: 403,
  kyc_required: 403,
  not_found: 404,
  conflict: 409,
  email_taken: 409,
  idempotency_conflict: 409,
  idempotency_in_progress: 409,
  payload_too_large: 413,
  unsupported_image: 415,
  image_damaged: 422,
  image_hidden_content: 422,
  kyc_already_submitted: 409,
  kyc_already_decided: 409,
  unprocessable: 422,
  insufficient_funds: 422,
  payment_declined: 422,
  payment_not_approved: 422,
  payment_failed: 422,
  webhook_unverified: 400,
  provider_unavailable: 502,
  otp_invalid: 400,
  otp_expired: 400,
  otp_locked: 429,
  rate_limited: 429,
  price_unavailable: 503,
};

/** An expected rejection that reaches the HTTP edge: answered with its status and message, never a 500. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number = STATUS_BY_CODE[code] ?? 400,
  ) {
    super(message);
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
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
      return reply
        .code(500)
        .send({ status: false, message: 'Server error! Please try again.', code: 'internal' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .code(500)
        .send({ status: false, message: 'Server error! Please try again.', code: 'internal' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, ...).
    const code = status === 413 ? 'payload_too_large' : status === 429 ? 'rate_limited' : 'bad_request';
    return reply.code(status).send({ status: false, message: error.message, code });
  });
}

/** Unknown API paths get a 404 envelope; with a built web app, other GETs get its index.html. */
export function registerNotFoundHandler(app: FastifyInstance, spaFallback: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (spaFallback && request.method === 'GET' && !request.url.startsWith('/api/'))
      return reply.sendFile('index.html');
    return reply.code(404).send({
      status: false,
      message: `Route ${request.method} ${request.url} not found`,
      code: 'not_found',
    });
  });
}
