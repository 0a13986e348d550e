import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, newIdempotencyKey, refreshAccessToken } from './api-client';
import { clearSession, getAccessToken, onSessionCleared, setAccessToken } from './session-token';

interface Call {
  readonly url: string;
  readonly method: string;
  readonly authorization: string | null;
  readonly idempotencyKey: string | null;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const unauthorized = () =>
  json(401, {
    status: false,
    message: 'Your session has expired. Please log in again.',
    code: 'token_invalid',
  });

/**
 * A fake server: valid access tokens are in `valid`; the refresh endpoint answers with `refresh`.
 * Every request is recorded so the tests can count refreshes and retries.
 */
function fakeServer(options: { refresh: () => Response | Promise<Response>; valid: Set<string> }) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const url = String(input);
    const call = {
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization'),
      idempotencyKey: headers.get('idempotency-key'),
    };
    calls.push(call);
    if (url.endsWith('/auth/refreshtoken')) return options.refresh();
    const token = call.authorization?.replace('Bearer ', '') ?? '';
    if (!options.valid.has(token)) return unauthorized();
    return json(200, { status: true, message: 'ok', data: { url } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const refreshes = () => calls.filter((call) => call.url.endsWith('/auth/refreshtoken')).length;
  return { calls, refreshes };
}

describe('api client: one refresh, one retry', () => {
  beforeEach(() => {
    setAccessToken('expired');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('on a 401 refreshes once, stores the new access token and retries the request once', async () => {
    const server = fakeServer({
      valid: new Set(['fresh']),
      refresh: () =>
        json(200, {
          status: true,
          message: 'Session refreshed',
          data: { access_token: 'fresh', refresh_token: 'r2' },
        }),
    });

    const body = await apiClient.get<{ data: { url: string } }>('/wallet');

    expect(body.data.url).toBe('/api/v1/wallet');
    expect(server.calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/v1/wallet', 'Bearer expired'],
      ['/api/v1/auth/refreshtoken', null],
      ['/api/v1/wallet', 'Bearer fresh'],
    ]);
    expect(getAccessToken()).toBe('fresh');
    // The refresh token rides in the HttpOnly cookie only; it is never kept in JS storage.
    expect(Object.values({ ...window.localStorage })).not.toContain('r2');
  });

  it('concurrent 401s share a single refresh, then each request retries once', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer({
      valid: new Set(['fresh']),
      refresh: async () => {
        await gate;
        return json(200, {
          status: true,
          message: 'ok',
          data: { access_token: 'fresh', refresh_token: 'r2' },
        });
      },
    });

    const pending = Promise.all([
      apiClient.get('/wallet'),
      apiClient.get('/dashboard'),
      apiClient.get('/auth/me'),
    ]);
    await vi.waitFor(() =>
      expect(server.calls.filter((call) => call.authorization === 'Bearer expired')).toHaveLength(3),
    );
    release();
    await pending;

    expect(server.refreshes()).toBe(1);
    expect(
      server.calls
        .filter((call) => call.authorization === 'Bearer fresh')
        .map((call) => call.url)
        .sort(),
    ).toEqual(['/api/v1/auth/me', '/api/v1/dashboard', '/api/v1/wallet']);
  });

  it('a sign-out while a refresh is on its way keeps the session ended', async () => {
    let answer: (response: Response) => void = () => {};
    fakeServer({
      valid: new Set(['fresh']),
      refresh: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const pending = refreshAccessToken();
    clearSession();
    answer(json(200, { status: true, message: 'Session refreshed', data: { access_token: 'fresh' } }));
    await pending;
    expect(getAccessToken()).toBeNull();
    // A request that was in flight when the user signed out keeps its 401 and refreshes nothing.
    setAccessToken('expired');
    const server = fakeServer({ valid: new Set(), refresh: () => json(500, {}) });
    const inFlight = apiClient.get('/wallet');
    clearSession();
    await expect(inFlight).rejects.toMatchObject({ status: 401 });
    expect(server.refreshes()).toBe(0);
  });

  it('a second 401 after the retry is final: no second refresh', async () => {
    const server = fakeServer({
      valid: new Set(),
      refresh: () =>
        json(200, {
          status: true,
          message: 'ok',
          data: { access_token: 'also-refused', refresh_token: 'r2' },
        }),
    });

    await expect(apiClient.get('/wallet')).rejects.toMatchObject({ status: 401, code: 'token_invalid' });
    expect(server.refreshes()).toBe(1);
    expect(server.calls).toHaveLength(3);
  });

  it('a refused refresh clears the session and rejects with the server answer', async () => {
    const cleared = vi.fn();
    const unsubscribe = onSessionCleared(cleared);
    const server = fakeServer({
      valid: new Set(['fresh']),
      refresh: () =>
        json(401, {
          status: false,
          message: 'Your session has expired. Please log in again.',
          code: 'token_invalid',
        }),
    });

    const failure = apiClient.get('/wallet');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 401,
      message: 'Your session has expired. Please log in again.',
      fromServer: true,
    });
    expect(server.refreshes()).toBe(1);
    // No retry after a failed refresh.
    expect(server.calls).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
    expect(cleared).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('does not refresh for a wrong password or when the caller opts out', async () => {
    const server = fakeServer({ valid: new Set(), refresh: () => json(200, {}) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(401, { status: false, message: 'Invalid email or password', code: 'invalid_credentials' }),
      ),
    );
    await expect(apiClient.post('/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(server.refreshes()).toBe(0);
  });

  it('neither refreshes nor resends on a wrong two-factor code (a resent code would be spent twice)', async () => {
    setAccessToken('live-token');
    for (const code of ['totp_required', 'totp_invalid', 'totp_replayed', 'recovery_code_wrong']) {
      const fetchMock = vi.fn(async () => json(401, { status: false, message: 'Wrong code', code }));
      vi.stubGlobal('fetch', fetchMock);
      await expect(apiClient.post('/auth/2fa/disable', { totp: '123456' })).rejects.toMatchObject({ code });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it("keeps the session on a signed-in request's wrong or missing code (403 / 400, issue 45)", async () => {
    setAccessToken('live-token');
    const cleared = vi.fn();
    const stop = onSessionCleared(cleared);
    for (const [status, code] of [
      [403, 'totp_invalid'],
      [403, 'recovery_code_wrong'],
      [400, 'totp_required'],
    ] as const) {
      const fetchMock = vi.fn(async () =>
        json(status, { status: false, message: 'The authenticator code is wrong', code }),
      );
      vi.stubGlobal('fetch', fetchMock);
      await expect(apiClient.post('/withdrawals', { asset: 'USD', amount: '20' })).rejects.toMatchObject({
        code,
        status,
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
    expect(getAccessToken()).toBe('live-token');
    expect(cleared).not.toHaveBeenCalled();
    stop();
  });
});

describe('api client: errors and headers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uses the spec fallbacks when the server gives no message, and Network Error without a response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiClient.get('/market/')).rejects.toMatchObject({
      status: 502,
      message: 'Server error! Please try again.',
      fromServer: false,
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { status: false, message: '', code: 'bad_request' })),
    );
    await expect(apiClient.get('/market/')).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Server error! Please try again.',
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiClient.get('/market/')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Network Error',
    });
  });

  it('treats a 200 whose envelope says status false as a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, { status: false, message: 'Insufficient amount', code: 'insufficient_funds' }),
      ),
    );
    await expect(apiClient.post('/swap', {})).rejects.toMatchObject({
      message: 'Insufficient amount',
      code: 'insufficient_funds',
    });
  });

  it('sends JSON, the bearer token and the idempotency key of a confirmed action', async () => {
    setAccessToken('token-1');
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json(200, { status: true, message: 'ok' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const key = newIdempotencyKey();

    await apiClient.post('/swap', { from_amount: '1.5' }, { idempotencyKey: key });

    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"from_amount":"1.5"}');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('idempotency-key')).toBe(key);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
