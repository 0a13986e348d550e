import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { z } from 'zod';
import { lazyRequestLogger } from './request-logger';

/**
 * Paths pino blanks out wherever they appear, so a password, token or OTP never reaches a log line
 * even if a handler logs a whole body. Tests send secrets through every auth route and grep the log.
 */
export const REDACTED_PATHS = [
  'password',
  'new_password',
  'current_password',
  'confirm_password',
  'otp',
  'token',
  'refresh_token',
  'access_token',
  'totp',
  'recovery_code',
  'recovery_codes',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.otp',
  '*.token',
  '*.refresh_token',
  '*.access_token',
  '*.totp',
  '*.recovery_code',
  '*.recovery_codes',
];

const options = (level: string) => ({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });

/** A logger writing JSON lines to `destination` (stdout by default); tests pass their own sink. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(options(level), destination);
}

/** The log settings (envSchema spreads them; config-reference.ts documents them). */
export const logEnv = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: z.enum(['all', 'errors']).optional(),
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1000),
};

export const logSettingDocs = {
  LOG_LEVEL: 'pino level of the logs on stdout: JSON lines in production, readable lines elsewhere.',
  LOG_REQUESTS:
    "`all`: two lines per request (Fastify's incoming and completed), for a log collector. `errors`: one line only for a request answered 5xx or slower than LOG_SLOW_REQUEST_MS. Default `errors` in development (the embedded default a person reads), `all` in production and tests.",
  LOG_SLOW_REQUEST_MS:
    'With LOG_REQUESTS=errors, a request taking longer than this is logged too (`slow request`).',
} as const;

export interface LogSettings {
  readonly logLevel: z.infer<typeof logEnv.LOG_LEVEL>;
  /** Which requests get a log line: every one, or only failed (5xx) and slow ones. */
  readonly requestLog: { readonly mode: 'all' | 'errors'; readonly slowMs: number };
}

export function logConfig(env: {
  NODE_ENV: string;
  LOG_LEVEL: LogSettings['logLevel'];
  LOG_REQUESTS?: 'all' | 'errors' | undefined;
  LOG_SLOW_REQUEST_MS: number;
}): LogSettings {
  const mode = env.LOG_REQUESTS ?? (env.NODE_ENV === 'development' ? 'errors' : 'all');
  return { logLevel: env.LOG_LEVEL, requestLog: { mode, slowMs: env.LOG_SLOW_REQUEST_MS } };
}

/**
 * Fastify's request lines for LOG_REQUESTS=errors: nothing when a request comes in, and one line when
 * it ends only if it failed (an error, or a 5xx answer) or took longer than `slowMs`. A 4xx is the
 * client's business and not logged. Errors the handlers log themselves (errors.ts) are unaffected.
 */
export class FailedAndSlowRequests extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error || reply.statusCode >= 500)
      reply.log.error({ ...line, err: error ?? undefined }, 'request failed');
    else if (reply.elapsedTime > this.slowMs) reply.log.warn(line, 'slow request');
  }
}

/**
 * Fastify's logging options: our logger, each request's made only when it logs (request-logger.ts),
 * and with LOG_REQUESTS=errors (the embedded default) one line per failed or slow request instead of
 * two per request (FailedAndSlowRequests).
 */
export function fastifyLogging(logger: Logger, settings: LogSettings['requestLog']) {
  return {
    loggerInstance: logger as FastifyBaseLogger,
    childLoggerFactory: lazyRequestLogger,
    ...(settings.mode === 'errors' ? { logController: new FailedAndSlowRequests(settings.slowMs) } : {}),
  };
}

/**
 * The running server's logger. In production it writes JSON lines, one per event, for a log
 * collector. Anywhere else (`npm start` on someone's machine) a person reads the terminal, so the
 * lines go through pino-pretty (a development dependency, absent from a production install): time,
 * level, message, then the fields.
 */
export function createServerLogger(config: { env: string; logLevel: string }): Logger {
  if (config.env === 'production') return createLogger(config.logLevel);
  return pino({
    ...options(config.logLevel),
    // A worker thread loads pino-pretty by name, from node_modules: scripts/start.mjs keeps every npm
    // dependency out of its bundle, so the name resolves there as it does from the source.
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  });
}
