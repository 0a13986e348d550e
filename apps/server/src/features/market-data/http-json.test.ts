import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJsonFetcher, FetchFailure } from './http-json';
import { type ProviderFixture, startProviderFixture } from './provider-fixture';

/** The guarded HTTP client of the price providers, against a fixture server on loopback. */
describe('JSON fetcher', () => {
  let fixture: ProviderFixture;
  let other: ProviderFixture;
  const sleeps: number[] = [];
  const fetcher = (overrides: { retries?: number; timeoutMs?: number; maxBytes?: number } = {}) =>
    createJsonFetcher({
      baseUrl: fixture.baseUrl,
      timeoutMs: overrides.timeoutMs ?? 1_000,
      retries: overrides.retries ?? 2,
      backoffMs: 100,
      maxBytes: overrides.maxBytes,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
  const failure = async (promise: Promise<unknown>): Promise<FetchFailure> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FetchFailure);
    return error as FetchFailure;
  };

  beforeEach(async () => {
    sleeps.length = 0;
    fixture = await startProviderFixture();
    other = await startProviderFixture();
  });
  afterEach(async () => {
    await fixture.close();
    await other.close();
  });

  it('returns the parsed answer', async () => {
    fixture.always('/api/v3/ping', { json: { ok: true } });
    expect(await fetcher().get('/api/v3/ping?x=1')).toEqual({ ok: true });
    expect(fixture.requests).toHaveLength(1);
    expect(fixture.requests[0]!.query.get('x')).toBe('1');
    expect(fixture.requests[0]!.headers.accept).toBe('application/json');
  });

  it('retries a 500 with growing backoff and succeeds', async () => {
    fixture.queue('/p', { status: 500, json: {} }, { status: 503, body: 'busy' });
    fixture.always('/p', { json: [1] });
    expect(await fetcher().get('/p')).toEqual([1]);
    expect(fixture.requests).toHaveLength(3);
    expect(sleeps).toEqual([100, 200]);
  });

  it('gives up after the configured retries', async () => {
    fixture.always('/p', { status: 500, json: {} });
    const error = await failure(fetcher({ retries: 2 }).get('/p'));
    expect(error.kind).toBe('status');
    expect(error.status).toBe(500);
    expect(fixture.requests).toHaveLength(3);
  });

  it('does not retry a client error or malformed JSON', async () => {
    fixture.always('/missing', { status: 400, json: { code: -1121, msg: 'Invalid symbol.' } });
    expect((await failure(fetcher().get('/missing'))).kind).toBe('status');
    fixture.always('/broken', { body: '{"bitcoin":{"usd":' });
    expect((await failure(fetcher().get('/broken'))).kind).toBe('malformed');
    expect(fixture.requests).toHaveLength(2);
  });

  it('times out on a provider that hangs, and retries it', async () => {
    fixture.always('/slow', { hang: true });
    const started = Date.now();
    const error = await failure(fetcher({ timeoutMs: 150, retries: 1 }).get('/slow'));
    expect(error.kind).toBe('timeout');
    expect(fixture.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses any other host, before connecting', async () => {
    other.always('/p', { json: { stolen: true } });
    const client = fetcher();
    for (const target of [`${other.baseUrl}/p`, `//127.0.0.1:${new URL(other.baseUrl).port}/p`, 'p']) {
      expect((await failure(client.get(target))).kind).toBe('refused');
    }
    expect(other.requests).toHaveLength(0);
    expect(fixture.requests).toHaveLength(0);
  });

  it('does not follow a redirect to another host', async () => {
    other.always('/p', { json: { stolen: true } });
    fixture.always('/moved', { redirect: `${other.baseUrl}/p` });
    await failure(fetcher({ retries: 0 }).get('/moved'));
    expect(other.requests).toHaveLength(0);
  });

  it('stops reading an answer larger than the limit', async () => {
    fixture.always('/big', { json: { data: 'x'.repeat(10_000) } });
    expect((await failure(fetcher({ maxBytes: 1_000 }).get('/big'))).kind).toBe('too_large');
  });

  it('keeps a base path and refuses a base URL that is not HTTP', async () => {
    fixture.always('/prefix/api/v3/ping', { json: {} });
    const prefixed = createJsonFetcher({
      baseUrl: `${fixture.baseUrl}/prefix/`,
      timeoutMs: 1_000,
      retries: 0,
    });
    expect(await prefixed.get('/api/v3/ping')).toEqual({});
    expect(() =>
      createJsonFetcher({ baseUrl: 'file:///etc/passwd', timeoutMs: 1_000, retries: 0 }),
    ).toThrow();
  });
});
