import { createHmac, timingSafeEqual } from 'node:crypto';
import { BINANCE_PARAM_NAMES } from '@exchange/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context';
import { addressAllowed } from '../../platform/client-address';
import { type ApiKeyReader, uncachedKeys } from './api-key-cache';
import { KEY_FORMAT, keyHashOf } from './api-key-material';
import { touchKey } from './api-keys.repository';
import { SIGNED_REQUEST_ERRORS as refuse } from './binance-error';

/**
 * Binance's signed-request authentication (SIGNED endpoints of its spot REST API), for the
 * Binance-compatible API. A request carries its key in the X-MBX-APIKEY header and `timestamp`,
 * optional `recvWindow` and `signature` among its parameters; `signature` is the hex HMAC-SHA256,
 * under the key's secret, of the total params: the query string followed directly by the request
 * body (a form body of POST/DELETE), as sent, without the signature parameter. Refusals throw a
 * BinanceApiError with Binance's code:
 *  -2014 (401) the X-MBX-APIKEY header is missing or not 64 letters and digits;
 *  -1101 (400) parameters in both the query string and the body that do not split cleanly: the
 *              signature covers the two texts joined (Binance's "totalParams", no '&' between them), so
 *              a captured request split again at another place signs the same and could read
 *              otherwise (a price "50000" cut into a query "price=5" and a body "0000&..."). Binance
 *              takes both places at once, so we do too, when every part of each side is one
 *              `name=value` with a known parameter name and no second '=': any other cut of the same
 *              text then leaves a part without '=' or with two, or an unknown name. All in the query
 *              (Binance's connector, with a JSON content type and an empty body) or all in the body
 *              (ccxt) is one text and splits nothing;
 *  -1102 (400) `timestamp` or `signature` missing or malformed;
 *  -1131 (400) `recvWindow` above 60000;
 *  -2015 (401) unknown or revoked key, disabled account, address outside the key's IP allow-list,
 *              or a permission the key lacks ('trade' needs a trade key and a KYC-verified owner);
 *  -1022 (400) wrong signature (compared in constant time);
 *  -1021 (400) timestamp older than recvWindow (default 5000 ms) or over 1000 ms ahead.
 * The key is found by the hash of its string through `keys`: the API's routes pass the process's key
 * cache (api-key-cache.ts: no statement per request; a revoke, a disabled account or a KYC loss makes
 * every process forget the key once it commits); without it, one indexed read joined to its owner.
 * last_used_at moves at most once a minute per key.
 *
 * Routes that take form bodies must register `registerSignedFormBody` in their scope, so the body is
 * signed as sent; `signedRequestParams` gives the request's parameters (query, then body) to read.
 * All these refusals come before the key is looked up. The caller spends the request's weight from
 * its address's budget before calling this (binance-api.routes.ts), so a flood of made-up keys is
 * stopped by the rate limit, not by the database.
 */
export interface SignedRequestCaller {
  readonly userId: string;
  readonly keyId: string;
}

export type SignedPermission = 'read' | 'trade';

export const DEFAULT_RECV_WINDOW_MS = 5_000;
export const MAX_RECV_WINDOW_MS = 60_000;
/** How far ahead of the server's clock a timestamp may be (Binance's 1000 ms). */
export const MAX_AHEAD_MS = 1_000;
/** last_used_at is written at most this often per key. */
export const LAST_USED_EVERY_MS = 60_000;

type AuthContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const rawBodies = new WeakMap<object, string>();

/**
 * Parses application/x-www-form-urlencoded bodies (Binance's and ccxt's POST and DELETE) into an
 * object of their parameters and keeps the text as sent, which the signature covers. A JSON body is
 * neither signed nor read for parameters; an empty one is no body at all (Binance's own connector sends
 * its parameters in the query with a JSON content type and nothing after), where Fastify's default
 * parser would refuse it.
 */
export function registerSignedFormBody(scope: FastifyInstance, bodyLimit = 65_536): void {
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, undefined);
    else json(request, text, done);
  });
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      rawBodies.set(request.raw, text);
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}

function rawQueryOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

function rawBodyOf(request: FastifyRequest): string {
  return rawBodies.get(request.raw) ?? (typeof request.body === 'string' ? request.body : '');
}

/** Each request's parameters, read once: the route's handler and the signature check both need them. */
const paramsOfRequest = new WeakMap<object, URLSearchParams>();

/**
 * The request's parameters, query string first, then the form body (a name in both: the query's).
 * Read once per request and shared by every caller, which must not change them.
 */
export function signedRequestParams(request: FastifyRequest): URLSearchParams {
  let params = paramsOfRequest.get(request.raw);
  if (params) return params;
  params = new URLSearchParams(rawBodyOf(request));
  for (const [name, value] of new URLSearchParams(rawQueryOf(request))) params.set(name, value);
  paramsOfRequest.set(request.raw, params);
  return params;
}

/** Splits the signature parameter off a query string or body: what remains and the signatures found. */
function withoutSignature(text: string): { rest: string; signatures: string[] } {
  if (!text) return { rest: '', signatures: [] };
  const signatures: string[] = [];
  const kept: string[] = [];
  for (const part of text.split('&')) {
    if (part.startsWith('signature=')) signatures.push(part.slice('signature='.length));
    else kept.push(part);
  }
  return { rest: kept.join('&'), signatures };
}

/**
 * Whether one side of a request with parameters on both sides is made of whole `name=value` parts: a
 * name Binance's API knows (BINANCE_PARAM_NAMES) and a value with no '=' of its own (a client encodes
 * one as %3D). See -1101 above for why this makes the split unambiguous.
 */
function splitsCleanly(text: string): boolean {
  for (const part of text.split('&')) {
    const at = part.indexOf('=');
    if (at <= 0 || part.indexOf('=', at + 1) >= 0) return false;
    if (!BINANCE_PARAM_NAMES.has(part.slice(0, at))) return false;
  }
  return true;
}

/** A whole number of milliseconds as sent (digits only, at most `maxDigits`), or undefined. */
function millisParam(text: string | null, maxDigits: number): number | undefined {
  if (text === null || text.length > maxDigits || !/^\d+$/.test(text)) return undefined;
  return Number.parseInt(text, 10);
}

function signatureMatches(secret: string, payload: string, presented: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(presented)) return false;
  const expected = createHmac('sha256', secret).update(payload).digest();
  return timingSafeEqual(expected, Buffer.from(presented, 'hex'));
}

export async function authenticateSignedRequest(
  ctx: AuthContext,
  request: FastifyRequest,
  { permission, keys = uncachedKeys(ctx) }: { permission: SignedPermission; keys?: ApiKeyReader },
): Promise<SignedRequestCaller> {
  const header = request.headers['x-mbx-apikey'];
  const apiKey = Array.isArray(header) ? undefined : header;
  if (!apiKey || !KEY_FORMAT.test(apiKey)) throw refuse.keyFormat();

  const query = withoutSignature(rawQueryOf(request));
  const body = withoutSignature(rawBodyOf(request));
  if (query.rest !== '' && body.rest !== '' && !(splitsCleanly(query.rest) && splitsCleanly(body.rest)))
    throw refuse.queryAndBody();
  const signatures = [...query.signatures, ...body.signatures];
  const params = signedRequestParams(request);
  const timestamp = millisParam(params.get('timestamp'), 16);
  if (timestamp === undefined) throw refuse.missing('timestamp');
  const [signature] = signatures;
  if (signature === undefined || signatures.length > 1 || signature === '') throw refuse.missing('signature');
  const recvWindowText = params.get('recvWindow');
  const recvWindow = recvWindowText === null ? DEFAULT_RECV_WINDOW_MS : millisParam(recvWindowText, 12);
  if (recvWindow === undefined) throw refuse.missing('recvWindow');
  if (recvWindow > MAX_RECV_WINDOW_MS) throw refuse.recvWindowTooLarge();

  const keyHash = keyHashOf(apiKey);
  const key = await keys.lookup(keyHash);
  if (!key?.ownerActive || !key.secret) throw refuse.keyRefused();
  if (!signatureMatches(key.secret, `${query.rest}${body.rest}`, signature)) throw refuse.signature();

  const now = ctx.clock.now();
  if (timestamp > now.getTime() + MAX_AHEAD_MS) throw refuse.ahead();
  if (now.getTime() - timestamp > recvWindow) throw refuse.outsideRecvWindow();
  if (key.ipAllowList.length > 0 && !addressAllowed(request.ip, key.ipAllowList)) throw refuse.keyRefused();
  if (permission === 'trade' && !(key.canTrade && key.ownerKycVerified)) throw refuse.keyRefused();

  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    keys.used(keyHash, now);
    await touchKey(ctx.db, key.id, now, LAST_USED_EVERY_MS);
  }
  return { userId: key.userId, keyId: key.id };
}
