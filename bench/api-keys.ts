import { createHmac } from 'node:crypto';
import type { BenchUser } from './support';

/** A Binance-style API key and its secret, as the Security page's API hands them out. */
export interface Key {
  readonly apiKey: string;
  readonly secret: string;
}

/** A read-and-trade key for `user`, made through the Security page's API on the server at `origin`. */
export async function createKey(origin: string, user: BenchUser): Promise<Key> {
  const res = await fetch(`${origin}/api/v1/security/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: user.authorization },
    body: JSON.stringify({ label: 'bench', permissions: ['read', 'trade'], ip_allow_list: [] }),
  });
  if (res.status !== 200) throw new Error(`key not created: ${res.status} ${await res.text()}`);
  const data = (await res.json()) as { data: { api_key: string; secret: string } };
  return { apiKey: data.data.api_key, secret: data.data.secret };
}

/** Binance's signing: the parameters with a timestamp, and their hex HMAC-SHA256 under the secret. */
export function signed(key: Key, params: Record<string, string>): string {
  const query = new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString();
  return `${query}&signature=${createHmac('sha256', key.secret).update(query).digest('hex')}`;
}
