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
