import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, fastifyLogging, logConfig } from './logger';

/** A Fastify app logging into an array, with a good, a failing and a refused route. */
async function appLogging(mode: 'all' | 'errors', slowMs = 60_000) {
  const lines: { msg: string; statusCode?: number; level: number }[] = [];
  const sink = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const app = Fastify(fastifyLogging(createLogger('info', sink), { mode, slowMs }));
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/refused', async (_request, reply) => reply.code(404).send({ ok: false }));
  await app.ready();
  return { app, lines };
}

describe('request lines', () => {
  it('LOG_REQUESTS=errors: nothing for a good or a refused request, one line for a failed and for a slow one', async () => {
    const { app, lines } = await appLogging('errors');
    for (const url of ['/ok', '/refused', '/missing']) await app.inject({ url });
    expect(lines).toEqual([]);
    await app.inject({ url: '/boom' });
    // The handler's own error line (Fastify's default handler), then the request's one line.
    expect(lines.filter((line) => line.msg === 'request failed').map((line) => line.statusCode)).toEqual([
      500,
    ]);
    await app.close();
    // Past the threshold (0 ms here, so any request), a good request gets its one line too.
    const slow = await appLogging('errors', 0);
    await slow.app.inject({ url: '/ok' });
    expect(slow.lines.map((line) => [line.msg, line.statusCode])).toEqual([['slow request', 200]]);
    await slow.app.close();
  });

  it("LOG_REQUESTS=all: Fastify's two lines per request", async () => {
    const { app, lines } = await appLogging('all');
    await app.inject({ url: '/ok' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    await app.close();
  });

  it("makes a request's child logger only when the request logs, with fastify's request id on each line", async () => {
    const lines: { msg: string; reqId?: string; level: number }[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    let children = 0;
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof child>) => {
      children += 1;
      return child(...args);
    }) as typeof logger.child;
    const app = Fastify(fastifyLogging(logger, { mode: 'errors', slowMs: 60_000 }));
    app.get('/quiet', async (request) => {
      request.log.debug('below the level: written nowhere, makes nothing');
      return { ok: true };
    });
    app.get('/talks', async (request) => {
      request.log.warn({ password: 'hunter2' }, 'a line');
      request.log.info('another');
      return { level: request.log.level };
    });
    await app.ready();
    children = 0; // fastify makes one child of its own at the start, for its serializers
    await app.inject({ url: '/quiet' });
    expect(children).toBe(0);
    const answer = await app.inject({ url: '/talks' });
    expect(answer.json()).toEqual({ level: 'info' });
    expect(children).toBe(1);
    expect(lines.map((line) => [line.msg, typeof line.reqId])).toEqual([
      ['a line', 'string'],
      ['another', 'string'],
    ]);
    expect(lines[0]).toMatchObject({ password: '[redacted]' });
    await app.close();
  });

  it('defaults to errors in development only: production and tests keep every request', () => {
    const env = { LOG_LEVEL: 'info' as const, LOG_SLOW_REQUEST_MS: 1000 };
    expect(logConfig({ ...env, NODE_ENV: 'development' }).requestLog.mode).toBe('errors');
    expect(logConfig({ ...env, NODE_ENV: 'production' }).requestLog.mode).toBe('all');
    expect(logConfig({ ...env, NODE_ENV: 'test' }).requestLog.mode).toBe('all');
    expect(logConfig({ ...env, NODE_ENV: 'production', LOG_REQUESTS: 'errors' }).requestLog.mode).toBe(
      'errors',
    );
  });
});
