import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ccxt from 'ccxt';
import type { TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';

export interface TestKey {
  readonly id: string;
  readonly apiKey: string;
  readonly secret: string;
}

/** Creates an API key for the user through the Security page's API, as a person would. */
export async function createKey(
  t: Pick<TestApp, 'app'>,
  user: Pick<TestUser, 'headers'>,
  options: { trade?: boolean; ips?: string[] } = {},
): Promise<TestKey> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/security/api-keys',
    headers: user.headers,
    payload: {
      label: 'bot',
      permissions: options.trade === false ? ['read'] : ['read', 'trade'],
      ip_allow_list: options.ips ?? [],
    },
  });
  if (res.statusCode !== 200) throw new Error(`key not created: ${res.body}`);
  const data = res.json().data;
  return { id: data.id, apiKey: data.api_key, secret: data.secret };
}

/** Starts the test app on a loopback port, as a bot would reach it; answers its base URL. */
export async function listen(t: Pick<TestApp, 'app'>): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** The unmodified ccxt binance class pointed at our server, with the options docs/api.md names. */
export function binanceClient(base: string, key?: TestKey) {
  return new ccxt.binance({
    apiKey: key?.apiKey,
    secret: key?.secret,
    enableRateLimit: false,
    urls: { api: { public: `${base}/api/v3`, private: `${base}/api/v3` } },
    options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
  });
}

/** A signed request made by hand (for the refusals ccxt would not send), answered status and body. */
export async function signedFetch(
  base: string,
  key: TestKey,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string>,
  options: { secret?: string; timestamp?: number } = {},
): Promise<{
  status: number;
  body: { code?: number; msg?: string } & Record<string, unknown>;
  headers: Headers;
}> {
  const query = new URLSearchParams({
    ...params,
    timestamp: String(options.timestamp ?? Date.now()),
  }).toString();
  const signature = createHmac('sha256', options.secret ?? key.secret)
    .update(query)
    .digest('hex');
  const signedQuery = `${query}&signature=${signature}`;
  const res = await fetch(`${base}/api/v3${path}${method === 'POST' ? '' : `?${signedQuery}`}`, {
    method,
    headers: {
      'x-mbx-apikey': key.apiKey,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: method === 'POST' ? signedQuery : undefined,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** A signed request through app.inject (no port), from `address`; answers status, body and headers. */
export async function signedInject(
  t: Pick<TestApp, 'app'>,
  key: TestKey,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string>,
  options: { secret?: string; timestamp?: number; address?: string } = {},
) {
  const query = new URLSearchParams({
    ...params,
    timestamp: String(options.timestamp ?? Date.now()),
  }).toString();
  const signature = createHmac('sha256', options.secret ?? key.secret)
    .update(query)
    .digest('hex');
  const signedQuery = `${query}&signature=${signature}`;
  const res = await t.app.inject({
    method,
    url: `/api/v3${path}${method === 'POST' ? '' : `?${signedQuery}`}`,
    remoteAddress: options.address ?? '127.0.0.1',
    headers: {
      'x-mbx-apikey': key.apiKey,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    payload: method === 'POST' ? signedQuery : undefined,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
