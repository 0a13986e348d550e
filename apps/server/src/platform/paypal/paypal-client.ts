import { messages } from '@exchange/contracts';
import { z } from 'zod';
import { AppError } from '../errors';

export interface PaypalOptions {
  readonly baseUrl: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly webhookId?: string;
  /** Milliseconds since the epoch, for the access token's expiry. */
  readonly now: () => number;
  readonly timeoutMs?: number;
}

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });

export function unavailable(): AppError {
  return new AppError('provider_unavailable', messages.paymentProviderUnavailable);
}

/**
 * PayPal's REST API over HTTPS, shared by deposits (Orders v2) and withdrawals (Payouts): an OAuth
 * client-credentials token cached until a minute before it expires, JSON calls with it, and one fresh
 * token and retry when a call answers 401 (a token revoked early). A 5xx, a network failure or a time-out
 * (before or while the body arrives) throws provider_unavailable; any other answer is returned for the
 * caller to read, a body that is not JSON as null.
 */
export function createPaypalClient(options: PaypalOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let cached: { token: string; expiresAt: number } | undefined;

  async function send(path: string, init: RequestInit): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, options.baseUrl), {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      // The connection dropped or timed out while the body came: as unknown as no answer at all.
      throw unavailable();
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.status >= 500) throw unavailable();
    return { status: response.status, json };
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - 60_000 > options.now()) return cached.token;
    if (!options.clientId || !options.clientSecret) throw unavailable();
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const { status, json } = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const parsed = tokenSchema.safeParse(json);
    if (status !== 200 || !parsed.success) throw unavailable();
    cached = { token: parsed.data.access_token, expiresAt: options.now() + parsed.data.expires_in * 1000 };
    return cached.token;
  }

  /** A JSON call with the bearer token; a 401 (token revoked early) gets one fresh token and one retry. */
  async function call(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string> = {},
  ) {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      const result = await send(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body,
      });
      if (result.status !== 401 || attempt > 0) return result;
      cached = undefined;
    }
  }

  return { call };
}
