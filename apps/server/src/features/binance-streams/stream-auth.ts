import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/app-context';
import { addressAllowed } from '../../platform/client-address';
import type { ApiKeyReader, LiveKey } from '../api-keys/api-key-cache';
import { KEY_FORMAT, keyHashOf } from '../api-keys/api-key-material';
import {
  DEFAULT_RECV_WINDOW_MS,
  MAX_AHEAD_MS,
  MAX_RECV_WINDOW_MS,
  type SignedRequestCaller,
} from '../api-keys/authenticate-signed-request';
import { SIGNED_REQUEST_ERRORS as refuse } from '../api-keys/binance-error';

/**
 * How the user data stream knows its API key. Binance's USER_STREAM endpoints (the listen key's POST,
 * PUT and DELETE) take the key alone in X-MBX-APIKEY, no signature; the WebSocket API's signed
 * subscription carries `apiKey`, `timestamp`, an optional `recvWindow` and `signature`, the HMAC of
 * the other parameters sorted by name as `name=value` joined with '&'. Either way the key must be live,
 * its owner active and the client's address in its IP allow-list; reading one's own orders and
 * balances needs no trade permission. Refusals are the signed requests' own (-2014, -2015, -1022,
 * -1021, -1102, -1131: features/api-keys/binance-error.ts).
 */

async function liveKey(
  keys: ApiKeyReader,
  apiKey: string | undefined,
  ip: string | undefined,
): Promise<LiveKey> {
  if (!apiKey || !KEY_FORMAT.test(apiKey)) throw refuse.keyFormat();
  const key = await keys.lookup(keyHashOf(apiKey));
  if (!key?.ownerActive) throw refuse.keyRefused();
  if (key.ipAllowList.length > 0 && !addressAllowed(ip, key.ipAllowList)) throw refuse.keyRefused();
  return key;
}

/** A USER_STREAM request: the key in its header. */
export async function userStreamCaller(
  keys: ApiKeyReader,
  header: string | string[] | undefined,
  ip: string | undefined,
): Promise<SignedRequestCaller> {
  const key = await liveKey(keys, Array.isArray(header) ? undefined : header, ip);
  return { userId: key.userId, keyId: key.id };
}

/** The WebSocket API's signed request: its parameters as sent. */
export async function wsSignedCaller(
  ctx: Pick<AppContext, 'clock'>,
  keys: ApiKeyReader,
  params: Readonly<Record<string, string | number>>,
  ip: string | undefined,
): Promise<SignedRequestCaller> {
  const text = (name: string) => (params[name] === undefined ? undefined : String(params[name]));
  const apiKey = text('apiKey');
  if (!apiKey || !KEY_FORMAT.test(apiKey)) throw refuse.keyFormat();
  const timestamp = text('timestamp');
  if (!timestamp || !/^\d{1,16}$/.test(timestamp)) throw refuse.missing('timestamp');
  const signature = text('signature');
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) throw refuse.missing('signature');
  const recvWindowText = text('recvWindow');
  if (recvWindowText !== undefined && !/^\d{1,12}$/.test(recvWindowText)) throw refuse.missing('recvWindow');
  const recvWindow = recvWindowText === undefined ? DEFAULT_RECV_WINDOW_MS : Number(recvWindowText);
  if (recvWindow > MAX_RECV_WINDOW_MS) throw refuse.recvWindowTooLarge();

  const key = await liveKey(keys, apiKey, ip);
  if (!key.secret) throw refuse.keyRefused();
  const payload = Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${String(params[name])}`)
    .join('&');
  const expected = createHmac('sha256', key.secret).update(payload).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw refuse.signature();
  const now = ctx.clock.now().getTime();
  if (Number(timestamp) > now + MAX_AHEAD_MS) throw refuse.ahead();
  if (now - Number(timestamp) > recvWindow) throw refuse.outsideRecvWindow();
  return { userId: key.userId, keyId: key.id };
}
