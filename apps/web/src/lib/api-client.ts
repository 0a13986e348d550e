import { IDEMPOTENCY_HEADER, messages } from '@exchange/contracts';
import { API_BASE_PATH } from './config';
import { clearSession, getAccessToken, setAccessToken, signOutCount } from './session-token';

/**
 * A failed call. `message` is what the user may read (spec section 8): the server's message when it
 * sent a non-empty one; 'Server error! Please try again.' for a response without one; 'Network
 * Error' when no response arrived. Anything that is not an ApiError reads as 'Something went wrong!
 * Please try again.' (see errorMessage).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** The server's snake_case code, or `network_error` / `http_<status>` when it sent none. */
    readonly code: string,
    message: string,
    /** Whether `message` came from the server rather than a fallback. */
    readonly fromServer: boolean,
    /** The parsed response body, for callers that need more than the message. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The text to show for a failure. The server's own message wins; otherwise `fallback` when a
 * screen has a spec text for it (signup's 'Something went wrong! Please try again.'), else the
 * client's generic fallback.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.fromServer) return error.message;
    return fallback ?? error.message;
  }
  return fallback ?? messages.somethingWentWrong;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  readonly method?: HttpMethod;
  /** Sent as JSON, except FormData (uploads), which the browser encodes itself. */
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /**
   * For money-moving POSTs: one fresh key (newIdempotencyKey()) per confirmed action, so a retried
   * request is not executed twice.
   */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
  /**
   * On a 401 the client refreshes the access token once and retries once. Calls for which a 401
   * means something else (login: wrong password; logout) turn this off.
   */
  readonly refreshOnUnauthorized?: boolean;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

interface Envelope {
  readonly status?: unknown;
  readonly message?: unknown;
  readonly code?: unknown;
  readonly data?: unknown;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const url = `${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const headers = new Headers({ accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, options.idempotencyKey);
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', messages.networkError, false);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asEnvelope(body: unknown): Envelope {
  return typeof body === 'object' && body !== null ? (body as Envelope) : {};
}

function toError(response: Response, body: unknown): ApiError {
  const envelope = asEnvelope(body);
  const code = typeof envelope.code === 'string' && envelope.code ? envelope.code : `http_${response.status}`;
  const serverMessage = typeof envelope.message === 'string' ? envelope.message.trim() : '';
  if (serverMessage) return new ApiError(response.status, code, serverMessage, true, body);
  return new ApiError(response.status, code, messages.serverError, false, body);
}

/** A 2xx whose envelope still says `status: false` is a rejection too. */
function isFailure(response: Response, body: unknown): boolean {
  return !response.ok || asEnvelope(body).status === false;
}

let refreshing: Promise<void> | null = null;

/**
 * Exchanges the HttpOnly refresh cookie for a new access token. Concurrent callers share one
 * request: refresh tokens rotate on every use, so two parallel refreshes would revoke the family.
 * A refused refresh (4xx) ends the session; a network failure or 5xx leaves it for the next try.
 */
export function refreshAccessToken(): Promise<void> {
  refreshing ??= (async () => {
    const signOutsBefore = signOutCount();
    const response = await send('/auth/refreshtoken', { method: 'POST', body: {} }, null);
    const body = await readBody(response);
    const data = asEnvelope(body).data as { access_token?: unknown } | undefined;
    const accessToken = data?.access_token;
    if (isFailure(response, body) || typeof accessToken !== 'string') {
      if (response.status >= 400 && response.status < 500) clearSession();
      throw toError(response, body);
    }
    // Signed out while the refresh was on its way (logout, another tab): the session stays ended.
    if (signOutCount() !== signOutsBefore) return;
    setAccessToken(accessToken);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** 401 answers about what was typed, not about the session: a refreshed token would not change them. */
const NOT_A_SESSION_PROBLEM: ReadonlySet<string> = new Set([
  'invalid_credentials',
  'totp_required',
  'totp_invalid',
  'totp_replayed',
  'recovery_code_wrong',
]);

/**
 * Calls the API and returns the parsed JSON body. On a 401 it refreshes the access token once
 * (shared with any concurrent 401s) and retries the request once; a second 401 is final.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const tokenUsed = getAccessToken();
  let response = await send(path, options, tokenUsed);
  let body = await readBody(response);

  const mayRefresh =
    response.status === 401 &&
    options.refreshOnUnauthorized !== false &&
    // A wrong password or two-factor code is a 401 too, but no new token would change the answer
    // (and sending a code again would spend it twice).
    !NOT_A_SESSION_PROBLEM.has(String(asEnvelope(body).code));
  if (mayRefresh) {
    const current = getAccessToken();
    // Signed out while this request was in flight: its 401 stands, no refresh brings the session back.
    if (tokenUsed !== null && current === null) throw toError(response, body);
    // Another request may have refreshed while this one was in flight: then its token is enough.
    if (!current || current === tokenUsed) await refreshAccessToken();
    response = await send(path, options, getAccessToken());
    body = await readBody(response);
  }

  if (isFailure(response, body)) throw toError(response, body);
  return body as T;
}

/**
 * Fetches a private file (a KYC document image) with the session's token, refreshing it once on a
 * 401 like apiFetch. An <img> cannot send the Authorization header, so screens show the Blob
 * through an object URL.
 */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const options: ApiRequestOptions = { method: 'GET', signal };
  const tokenUsed = getAccessToken();
  let response = await send(path, options, tokenUsed);
  if (response.status === 401) {
    const current = getAccessToken();
    if (!current || current === tokenUsed) await refreshAccessToken();
    response = await send(path, options, getAccessToken());
  }
  if (!response.ok) throw toError(response, await readBody(response));
  return response.blob();
}

export const apiClient = {
  get<T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return apiFetch<T>(path, { ...options, method: 'GET' });
  },
  post<T>(
    path: string,
    body?: unknown,
    options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
  ): Promise<T> {
    return apiFetch<T>(path, { ...options, method: 'POST', body: body ?? {} });
  },
};
