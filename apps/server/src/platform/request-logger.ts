import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LogFn } from 'pino';

/**
 * A request's logger (`request.log`) that becomes a pino child only when something logs through it.
 *
 * Fastify makes a child logger for every request, bound to its request id. With our redaction paths
 * (logger.ts: `*.password` and the like) pino passes every child's bindings through the redaction,
 * which parses each path again: measured on a market maker's load (issue 48), about 3 KB allocated
 * and 1 % of the server's CPU per request, for a logger that logs nothing on nearly every request
 * (LOG_REQUESTS=errors logs only failed and slow ones). The first line logged makes the same child
 * fastify would have made, with the same bindings and options, so every line is as before; a level
 * the logger would drop makes nothing.
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  /** Whether a line at `level` would be written: without a level of its own, the parent decides. */
  private writes(level: Level): boolean {
    if (this.made || this.options.level !== undefined) return true;
    const isLevelEnabled = (this.parent as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    return isLevelEnabled ? isLevelEnabled.call(this.parent, level) : true;
  }

  private log(level: Level, args: unknown[]): void {
    if (!this.writes(level)) return;
    (this.logger[level] as (...args: unknown[]) => void)(...args);
  }

  fatal: LogFn = (...args: unknown[]) => this.log('fatal', args);
  error: LogFn = (...args: unknown[]) => this.log('error', args);
  warn: LogFn = (...args: unknown[]) => this.log('warn', args);
  info: LogFn = (...args: unknown[]) => this.log('info', args);
  debug: LogFn = (...args: unknown[]) => this.log('debug', args);
  trace: LogFn = (...args: unknown[]) => this.log('trace', args);
  silent: LogFn = () => undefined;

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first used (RequestLogger). */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
